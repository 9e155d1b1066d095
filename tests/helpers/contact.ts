import type { FastifyInstance } from 'fastify';

/** A visitor's message through the contact form's API. */
export function sendContactMessage(
  app: Pick<FastifyInstance, 'inject'>,
  message: { name: string; email: string; message: string },
) {
  return app.inject({ method: 'POST', url: '/api/contact', payload: message });
}
