import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { liveCampaignPayload } from '~tests/helpers/campaigns';

/**
 * The campaign for a projector (/campaign/:slug/screen) and for other sites' frames
 * (/campaign/:slug/embed): rendered on the server, never indexed or kept for everyone, and the
 * embed framable by exactly the origins the office lists.
 */
let app: TestApp;
let admin: AdminSession;

// Fixed once: a started campaign's start cannot move, and an edit sends it again.
const now = new Date();
const campaign = (changes: Record<string, unknown> = {}) =>
  liveCampaignPayload(now, {
    slug: 'screen-day',
    title: 'Screen Day for the Tziyun',
    story: 'The hall watches the thermometer.',
    goal: 36_000,
    matchers: [{ name: 'The Katz family', ratio: 1, cap: 10_000 }],
    ...changes,
  });

const post = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: admin.headers, payload });

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'screen-office' }));
  const made = await post(
    campaign({ embedOrigins: ['https://www.shul.example', 'https://school.example:8443/'] }),
  );
  expect(made.statusCode, made.body).toBe(201);
  expect(made.json().campaign.embedOrigins).toEqual([
    'https://www.shul.example',
    'https://school.example:8443',
  ]);
  expect((await post(campaign({ slug: 'unlisted-day' }))).statusCode).toBe(201);
  expect((await post(campaign({ slug: 'draft-day', status: 'draft' }))).statusCode).toBe(201);
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

/** The CSP's frame-ancestors directive, whole. */
const frameAncestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors '));

describe('GET /campaign/:slug/screen', () => {
  it('renders the figures and the countdown on the server, without the site around them', async () => {
    const res = await get('/campaign/screen-day/screen');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Screen Day for the Tziyun');
    expect(res.body).toContain('raised of');
    expect(res.body).toContain('Ends in');
    expect(res.body).toContain('Latest gifts');
    expect(res.body).not.toContain('<footer');
    expect(res.body).not.toContain('<nav');
  });

  it('is kept out of search engines and out of the page cache, and sets no cookie', async () => {
    const res = await get('/campaign/screen-day/screen');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).not.toContain('rel="canonical"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    // Never framed: the projector opens it itself.
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).not.toContain('/screen');
    expect(sitemap.body).not.toContain('/embed');
  });

  it('is the 404 page for a draft or an unknown campaign', async () => {
    for (const slug of ['draft-day', 'no-such-day']) {
      const res = await get(`/campaign/${slug}/screen`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.body).not.toContain('Screen Day');
    }
  });
});

describe('GET /campaign/:slug/embed', () => {
  it('may be framed by the listed origins only, with no X-Frame-Options and no cookie', async () => {
    const res = await get('/campaign/screen-day/embed');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Screen Day for the Tziyun');
    expect(res.body).toContain('target="_blank"');
    expect(res.body).toContain('href="https://tziyun.test/campaign/screen-day"');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe(
      'frame-ancestors https://www.shul.example https://school.example:8443',
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('content="https://tziyun.test/campaign/screen-day/embed"');
  });

  it('refuses every frame when the office lists no site', async () => {
    const res = await get('/campaign/unlisted-day/embed');
    expect(res.statusCode).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('reads no cookie: a visitor signed in elsewhere gets the same page', async () => {
    const plain = await get('/campaign/screen-day/embed');
    const withCookie = await app.inject({
      method: 'GET',
      url: '/campaign/screen-day/embed',
      headers: { cookie: 'tz_session=something; other=1' },
    });
    const strip = (html: string) => html.replace(/"renderedAt":"[^"]+"/, '');
    expect(strip(withCookie.body)).toBe(strip(plain.body));
    expect(withCookie.headers['set-cookie']).toBeUndefined();
  });

  it('is the 404 page for a draft or an unknown campaign, framable by no one', async () => {
    for (const slug of ['draft-day', 'no-such-day']) {
      const res = await get(`/campaign/${slug}/embed`);
      expect(res.statusCode, slug).toBe(404);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
    }
  });
});

describe('embedOrigins in the admin API', () => {
  it.each([
    ['http://www.shul.example', 'http'],
    ['https://www.shul.example/donate', 'a path'],
    ['https://*.shul.example', 'a wildcard'],
    ['https://www.shul.example?x=1', 'a query'],
    ['https://user@www.shul.example', 'a user'],
    ["'self'", 'a CSP keyword'],
    ['https://a.example https://b.example', 'two in one'],
  ])('refuses %s (%s) with a message at the field', async (origin) => {
    const res = await post(campaign({ slug: 'bad-embed', embedOrigins: [origin] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({
      'embedOrigins.0':
        'Each site must be an https address with no path, like https://www.example.org',
    });
  });

  it('refuses a list that is not a list, and keeps an edit', async () => {
    const res = await post(campaign({ slug: 'bad-embed', embedOrigins: 'https://a.example' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['embedOrigins']);
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: admin.headers,
    });
    const unlisted = list.json().campaigns.find((c: { slug: string }) => c.slug === 'unlisted-day');
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${unlisted.id}`,
      headers: admin.headers,
      payload: campaign({ slug: 'unlisted-day', embedOrigins: ['https://later.example'] }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const framed = await get('/campaign/unlisted-day/embed');
    expect(frameAncestors(framed.headers['content-security-policy'])).toBe(
      'frame-ancestors https://later.example',
    );
  });
});

describe('GET /campaign-embed.js', () => {
  it('may be loaded by other sites, and takes heights only from this site’s frame', async () => {
    const res = await get('/campaign-embed.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('event.origin !== origin');
    expect(res.body).toContain('/embed');
  });

  it('leaves every other file to this site alone', async () => {
    const res = await get('/favicon.svg');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
