import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobs } from '~/db/schema';
import { drainJobs } from './integrations';
import type { DatabaseHandle } from '~/db/client';

type LinkApp = Pick<FastifyInstance, 'inject' | 'jobWorker'> & { database: DatabaseHandle };

/**
 * What the tests of a page opened by an emailed single-use link (the names page, 'My giving')
 * do: ask for the link, read its token from the queued mail, visit it (a GET: the page with the
 * button, as a mail scanner sees it too), open it as the button does (a POST of the token), and
 * keep the session cookie it sets (ADR 034).
 */
export function linkSessionKit(page: {
  /** The API route that mails the link. */
  api: string;
  /** The mail template that carries it. */
  template: string;
  /** The page it opens. */
  path: string;
  /** The page form of the page's button that opens the link. */
  form: string;
  /** The session cookie's name (without the `__Host-` prefix it has over HTTPS). */
  cookie: string;
  /** What the API answers, known address or not. */
  sent: string;
  /** The address the mail goes to, for the address typed. */
  recipient?: (email: string) => string;
}) {
  const recipient = page.recipient ?? ((email: string) => email);

  /** Asks for a link and reads the tokens of the links mailed to `email`. */
  async function requestLinks(app: LinkApp, email: string) {
    const res = await app.inject({ method: 'POST', url: page.api, payload: { email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(page.sent);
    // The worker looks the address up and queues the mail (link-request-job.ts).
    await drainJobs(app);
    const rows = await app.database.db.select().from(jobs).orderBy(asc(jobs.id));
    return rows
      .map((j) => j.payload as { template: string; to: string; data: { url?: string } })
      .filter((p) => p.template === page.template && p.to === recipient(email))
      .map((p) => new URL(p.data.url!).searchParams.get('token')!);
  }

  /** Follows the emailed link (a GET, as a browser or a mail scanner does): spends nothing. */
  const visitLink = (
    app: LinkApp,
    token: string,
    cookie?: string,
    method: 'GET' | 'HEAD' = 'GET',
  ) =>
    app.inject({
      method,
      url: `${page.path}?token=${encodeURIComponent(token)}`,
      headers: cookie ? { cookie } : {},
    });

  /**
   * Opens the link as its page's button does: posts the token to the page, from a page sent
   * with `Referrer-Policy: no-referrer` (so with `Origin: null`); answered with a redirect.
   */
  const openLink = (app: LinkApp, token: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: page.path,
      payload: new URLSearchParams({ _form: page.form, token }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
    });

  /** The `name=value` of the session cookie an opened link set. */
  function sessionCookieOf(res: { headers: Record<string, unknown> }) {
    const lines = [res.headers['set-cookie'] ?? []].flat().map(String);
    const line = lines.find((l) => new RegExp(`^(__Host-)?${page.cookie}=[^;]`).test(l));
    expect(line, `the ${page.cookie} session cookie`).toBeDefined();
    return line!.split(';')[0]!;
  }

  /** A session (its cookie, `name=value`) through the newest link mailed to `email`. */
  async function session(app: LinkApp, email: string) {
    const tokens = await requestLinks(app, email);
    const res = await openLink(app, tokens.at(-1)!);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(page.path);
    return sessionCookieOf(res);
  }

  return { requestLinks, visitLink, openLink, sessionCookieOf, session };
}

/**
 * What every page an emailed link opens on shows to a GET (`hideTokenPage`, ADR 034): the page,
 * no session yet, nothing kept by a cache, no address leaked to another site, no index.
 */
export function expectHiddenTokenPage(seen: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expect(seen.statusCode).toBe(200);
  expect(seen.headers['set-cookie']).toBeUndefined();
  expect(seen.headers['cache-control']).toBe('no-store');
  expect(seen.headers['referrer-policy']).toBe('no-referrer');
  expect(seen.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(seen.body).toContain('<meta name="robots" content="noindex');
}
