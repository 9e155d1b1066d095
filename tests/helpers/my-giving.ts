import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobs } from '../../src/db/schema';
import type { DatabaseHandle } from '../../src/db/client';
import { givingLinkMessages } from '../../src/server/features/my-giving/giving-link';

type GivingApp = Pick<FastifyInstance, 'inject'> & { database: DatabaseHandle };

/** Asks for a 'My giving' link and reads the tokens of the links mailed to `email`. */
export async function requestGivingLinks(app: GivingApp, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/my-giving/link', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(givingLinkMessages.sent);
  const rows = await app.database.db.select().from(jobs).orderBy(asc(jobs.id));
  return rows
    .map((j) => j.payload as { template: string; to: string; data: { url?: string } })
    .filter((p) => p.template === 'giving-link' && p.to === email.toLowerCase())
    .map((p) => new URL(p.data.url!).searchParams.get('token')!);
}

/** Opens the emailed link as a browser does: a GET of the page, answered with a redirect. */
export const openGivingLink = (app: GivingApp, token: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/my-giving?token=${encodeURIComponent(token)}`,
    headers: cookie ? { cookie } : {},
  });

/** The `name=value` of the giving session cookie an opened link set. */
export function givingCookieOf(res: { headers: Record<string, unknown> }) {
  const lines = [res.headers['set-cookie'] ?? []].flat().map(String);
  const line = lines.find((l) => /^(__Host-)?tziyun_giving=[^;]/.test(l));
  expect(line, 'the giving session cookie').toBeDefined();
  return line!.split(';')[0]!;
}

/** A 'My giving' session (its cookie, `name=value`) through the newest link mailed to `email`. */
export async function givingSession(app: GivingApp, email: string) {
  const tokens = await requestGivingLinks(app, email);
  const res = await openGivingLink(app, tokens.at(-1)!);
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/my-giving');
  return givingCookieOf(res);
}
