import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Posts a page's HTML form as a browser without JavaScript does (urlencoded, to the page). */
export function postPageForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/**
 * Posts a page's form that the server refuses: the page comes back (400, HTML) showing each of
 * `messages`. Answers the response, for whatever else the test reads on it.
 */
export async function postRefusedPageForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  messages: readonly string[],
) {
  const res = await postPageForm(app, url, fields);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain('text/html');
  for (const message of messages) expect(res.body).toContain(message);
  return res;
}

/** What a browser sends with a form posted from another site's page. */
export const fromAnotherSite = {
  'sec-fetch-site': 'cross-site',
  origin: 'https://elsewhere.example',
};

/** The JSON data block a server-rendered page hydrates with (`snapshot`: path, search, data, form). */
export function pageData(html: string) {
  return JSON.parse(
    /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)![1]!,
  );
}

/**
 * A server-rendered page's text as a visitor reads it before any script runs: no scripts, no
 * tags (React's `<!-- -->` between text pieces joins them), the entities React writes decoded.
 */
export const visibleText = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
