import type { FastifyInstance } from 'fastify';

/** Posts a page's HTML form as a browser without JavaScript does (urlencoded, to the page). */
export function postPageForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}
