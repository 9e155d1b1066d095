import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A cheque of $180 the office recorded (`changes` for other fields), through the admin API. */
export async function recordOfflineGift(
  app: FastifyInstance,
  headers: Record<string, string>,
  changes: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/offline-gifts',
    headers,
    payload: {
      name: 'Reuven Katz',
      email: 'reuven@example.org',
      address: null,
      amount: 180,
      method: 'check',
      receivedOn: '2026-11-02',
      reference: '1001',
      dedication: null,
      note: null,
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().gift as { id: string; receiptNumber: string };
}
