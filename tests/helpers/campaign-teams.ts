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

/** The office saves a team's form (answers the response, whatever it is). */
export function saveTeam(
  app: FastifyInstance,
  admin: AdminSession,
  team: { campaignId: string; id: string },
  payload: Record<string, unknown>,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/campaigns/${team.campaignId}/teams/${team.id}`,
    headers: admin.headers,
    payload,
  });
}
