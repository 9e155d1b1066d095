import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobs, members } from '../../src/db/schema';
import type { DatabaseHandle } from '../../src/db/client';
import { prayerLinkMessages } from '../../src/server/features/prayer-names/magic-link';
import { applyForMembership } from './members';

type NamesApp = Pick<FastifyInstance, 'inject'> & { database: DatabaseHandle };

/** Two Hebrew names that pass validation, for a name and a mother's name. */
export const HEBREW = 'חיים יוסף';
export const MOTHER = 'שרה רבקה';

export const aName = (overrides: Record<string, unknown> = {}) => ({
  hebrewName: HEBREW,
  relation: 'ben',
  motherHebrewName: MOTHER,
  intention: 'healing',
  ...overrides,
});

/** A /join applicant whose membership is active, as if its first payment had arrived. */
export async function activeMember(app: NamesApp, email: string, tier = 'spark') {
  const applied = await applyForMembership(app, { email, tier });
  const member = await applied.member();
  await app.database.db.update(members).set({ status: 'active' }).where(eq(members.id, member.id));
  return member;
}

/** Asks for the magic link and reads the tokens of the links mailed to `email`. */
export async function requestLinks(app: NamesApp, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/prayer-names/link',
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(prayerLinkMessages.sent);
  const rows = await app.database.db.select().from(jobs).orderBy(asc(jobs.id));
  return rows
    .map((j) => j.payload as { template: string; to: string; data: { url?: string } })
    .filter((p) => p.template === 'prayer-names-link' && p.to === email)
    .map((p) => new URL(p.data.url!).searchParams.get('token')!);
}

/** Opens the emailed link as a browser does: a GET of the page, answered with a redirect. */
export const openLink = (app: NamesApp, token: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/prayer-names?token=${encodeURIComponent(token)}`,
    headers: cookie ? { cookie } : {},
  });

/** The `name=value` of the session cookie an opened link set. */
export function sessionCookieOf(res: { headers: Record<string, unknown> }) {
  const lines = [res.headers['set-cookie'] ?? []].flat().map(String);
  const line = lines.find((l) => /^(__Host-)?tziyun_prayer=[^;]/.test(l));
  expect(line, 'the session cookie').toBeDefined();
  return line!.split(';')[0]!;
}

/** A names-page session (its cookie, `name=value`) through the newest link mailed to `email`. */
export async function namesSession(app: NamesApp, email: string) {
  const tokens = await requestLinks(app, email);
  const res = await openLink(app, tokens.at(-1)!);
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/prayer-names');
  return sessionCookieOf(res);
}

/** A call of the names API with a names-page session cookie. */
export const withSession = (
  app: NamesApp,
  session: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, payload, headers: { cookie: session } });
