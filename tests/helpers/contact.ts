import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { drainJobs } from './integrations';

/** A visitor's message through the contact form's API. */
export function sendContactMessage(
  app: Pick<FastifyInstance, 'inject'>,
  message: { name: string; email: string; message: string },
) {
  return app.inject({ method: 'POST', url: '/api/contact', payload: message });
}

/** A visitor's message, taken (200), and the outbox run until nothing is due. */
export async function sendContactMessageThenDrain(
  app: Pick<FastifyInstance, 'inject' | 'jobWorker'>,
  message: { name: string; email: string; message: string },
) {
  const res = await sendContactMessage(app, message);
  expect(res.statusCode, res.body).toBe(200);
  await drainJobs(app);
}
