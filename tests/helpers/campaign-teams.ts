import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AdminSession } from './admin';

let made = 0;

/** A published campaign taking gifts now (no Shabbat pause: the machine's clock may be Friday). */
export async function liveCampaign(
  app: FastifyInstance,
  admin: AdminSession,
  changes: Record<string, unknown> = {},
) {
  const at = (h: number) => new Date(app.clock().getTime() + h * 3_600_000).toISOString();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: admin.headers,
    payload: {
      slug: `team-day-${process.pid}-${++made}`,
      title: 'Team day',
      goal: 10_000,
      startsAt: at(-1),
      endsAt: at(23),
      status: 'published',
      pauseForShabbat: false,
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().campaign as { id: string; slug: string };
}

/** A team the office made (approved unless `status` says otherwise). */
export async function addTeam(
  app: FastifyInstance,
  admin: AdminSession,
  campaignId: string,
  changes: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${campaignId}/teams`,
    headers: admin.headers,
    payload: {
      name: 'The Katz Family',
      leaderName: 'Reuven Katz',
      leaderEmail: 'reuven@example.org',
      goal: 1000,
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().team as { id: string; slug: string; status: string };
}
