import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';
import { servedOverHttps } from '~/server/env';
import { videoEmbedsPageCsp } from '~/server/plugins/security-headers';

/** Public pages kept in memory per content version (ADR 029), as a browser meets them. */
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const securityHeaders = [
  'content-security-policy',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const security = (headers: Record<string, unknown>) =>
  Object.fromEntries(securityHeaders.map((name) => [name, headers[name]]));

describe('public pages from memory', () => {
  it('sends the same page again with its ETag, Vary and the same security headers', async () => {
    const first = await app.inject('/');
    const again = await app.inject('/');
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    // A page rendered for its request (a form's thanks) carries exactly the same headers.
    const rendered = await app.inject('/?sent=contact');
    expect(rendered.headers.etag).toBeUndefined();
    expect(security(again.headers)).toEqual(security(rendered.headers));
    expect(security(again.headers)['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers 304 Not Modified to a browser that holds the page, HEAD without a body', async () => {
    const { headers } = await app.inject('/join');
    const held = await app.inject({ url: '/join', headers: { 'if-none-match': headers.etag! } });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers.etag).toBe(headers.etag);
    expect(held.headers['x-frame-options']).toBe('DENY');
    const head = await app.inject({ method: 'HEAD', url: '/join' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(headers.etag);
  });

  it('sends the page compressed in brotli or gzip as the browser accepts', async () => {
    const plain = await app.inject('/contact');
    const br = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps /videos by its page number with its own Content-Security-Policy', async () => {
    for (const url of ['/videos', '/videos?page=2']) {
      const first = await app.inject(url);
      const again = await app.inject(url);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['content-security-policy']).toBe(
        videoEmbedsPageCsp(servedOverHttps(app.env)),
      );
    }
  });

  it.each([
    ['/?utm_source=whatsapp&utm_medium=social&utm_campaign=elul', '/'],
    ['/videos?page=2&fbclid=IwAR0abc', '/videos?page=2'],
    ['/donate?gclid=xyz&mc_cid=1&mc_eid=2', '/donate'],
  ])('answers a campaign link, %s, with the kept page of %s', async (link, page) => {
    const kept = await app.inject(page);
    const fromCampaign = await app.inject(link);
    expect(fromCampaign.statusCode).toBe(200);
    expect(fromCampaign.headers.etag).toBe(kept.headers.etag);
    expect(fromCampaign.body).toBe(kept.body);
    // Nothing of the tracking in the page; a data block names the page as the browser compares it.
    expect(fromCampaign.body).not.toMatch(/utm_|fbclid|gclid|mc_cid/);
    if (page.startsWith('/videos')) expect(fromCampaign.body).toContain('"search":"page=2"');
  });

  it.each([
    '/videos?page=2&sent=comment&video=x',
    '/?utm_source=whatsapp&sent=contact',
    '/checkout?amount=36&type=onetime',
    '/donate/manage',
    '/prayer-names',
    '/no-such-page',
  ])('renders %s for its request and keeps nothing', async (url) => {
    const res = await app.inject(url);
    expect(res.headers.etag).toBeUndefined();
  });

  it('sends a page whose data failed to load still compressed, and keeps it not', async () => {
    const gzip = { url: '/videos?page=3', headers: { 'accept-encoding': 'gzip' } };
    await app.database.db.execute(sql`alter table videos rename to videos_away`);
    let failed;
    try {
      failed = await app.inject(gzip);
    } finally {
      await app.database.db.execute(sql`alter table videos_away rename to videos`);
    }
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(failed.rawPayload).toString()).toContain('</html>');
    // Not kept: with its data back, the page is rendered afresh, its own page.
    const after = await app.inject(gzip);
    expect(after.headers.etag).toBeDefined();
    expect(after.headers.etag).not.toBe(failed.headers.etag);
  });
});
