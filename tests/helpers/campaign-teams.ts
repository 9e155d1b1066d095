import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AdminSession } from './admin';

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
