import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignTeams } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { liveCampaignPayload } from '~tests/helpers/campaigns';
import { insertDonations } from '~tests/helpers/donations';
import { touchCampaign } from './settle-gift';
import * as shareImage from './share-image';

// Counted: a second request for the same version must not draw again.
vi.mock('./share-image', async (importOriginal) => {
  const real = await importOriginal<typeof shareImage>();
  return { ...real, renderShareImage: vi.fn(real.renderShareImage) };
});

/**
 * Sharing a campaign: GET /campaign/:slug/share.png (drawn once per snapshot version, a 404 for
 * a draft as its page is), the page's Open Graph and Twitter tags naming it, the share buttons'
 * links with the office's message, and the message's check in the campaign form's API.
 */
let app: TestApp;
let admin: AdminSession;
let id: string;

// Fixed once: a started campaign's start cannot move, and an edit sends it again.
const now = new Date();
const campaign = (changes: Record<string, unknown> = {}) =>
  liveCampaignPayload(now, {
    slug: 'share-day',
    title: 'Share Day for the Tziyun',
    story: 'Tell your friends: **every gift** counts twice.',
    goal: 36_000,
    matchers: [{ name: 'The Katz family', ratio: 1, cap: 10_000 }],
    ...changes,
  });

const post = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: admin.headers, payload });
const put = (payload: object) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/campaigns/${id}`,
    headers: admin.headers,
    payload,
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const versionOf = async (slug: string) => (await get(`/api/campaigns/${slug}`)).json().version;

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'share-office' }));
  const made = await post(campaign({ shareText: 'Give with me today, every gift is doubled!' }));
  expect(made.statusCode, made.body).toBe(201);
  id = made.json().campaign.id;
  expect(made.json().campaign.shareText).toBe('Give with me today, every gift is doubled!');
  expect((await post(campaign({ slug: 'quiet-day' }))).statusCode).toBe(201);
  expect((await post(campaign({ slug: 'draft-share', status: 'draft' }))).statusCode).toBe(201);
});
afterAll(() => app.close());

describe('GET /campaign/:slug/share.png', () => {
  it('is a 1200×630 PNG, kept a minute, with an ETag of the snapshot version', async () => {
    const res = await get('/campaign/share-day/share.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toMatch(new RegExp(`-${await versionOf('share-day')}-share"$`));
    const png = res.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  it('draws once per version: again only after the campaign changes', async () => {
    const drawn = vi.mocked(shareImage.renderShareImage);
    const first = await get('/campaign/share-day/share.png');
    const count = drawn.mock.calls.length;
    const second = await get('/campaign/share-day/share.png?v=whatever');
    expect(drawn.mock.calls.length).toBe(count);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const unchanged = await get('/campaign/share-day/share.png', {
      'if-none-match': String(first.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);

    const edited = await put(
      campaign({
        title: 'Share Day: the roof',
        shareText: 'Give with me today, every gift is doubled!',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await get('/campaign/share-day/share.png', {
      'if-none-match': String(first.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(drawn.mock.calls.length).toBe(count + 1);
    expect(drawn.mock.calls.at(-1)![0]).toMatchObject({
      title: 'Share Day: the roof',
      raisedCents: 0,
      goalCents: 3_600_000,
      donors: 0,
    });
    expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('is a 404 for a draft or an unknown campaign, as their pages are', async () => {
    for (const slug of ['draft-share', 'no-such-day']) {
      const image = await get(`/campaign/${slug}/share.png`);
      expect(image.statusCode, slug).toBe(404);
      expect(image.headers['content-type']).toMatch(/^text\/plain/);
      expect((await get(`/campaign/${slug}`)).statusCode, slug).toBe(404);
    }
  });
});

/** The content of the page's `<meta property|name="…">`. */
const meta = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];

describe('the campaign page shared', () => {
  it('names the share image of this version in its Open Graph and Twitter tags', async () => {
    const res = await get('/campaign/share-day');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const version = await versionOf('share-day');
    const image = `${app.env.PUBLIC_URL}/campaign/share-day/share.png?v=${version}`;
    expect(meta(html, 'og:image')).toBe(image);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:alt')).toBe('Share Day: the roof: $0 raised of $36,000');
    expect(meta(html, 'og:title')).toMatch(/^Share Day: the roof/);
    expect(meta(html, 'og:description')).toBe('Tell your friends: every gift counts twice.');
    expect(meta(html, 'og:url')).toBe(`${app.env.PUBLIC_URL}/campaign/share-day`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(image);
    // The tag's address is one the image route answers.
    const fetched = await get(new URL(image).pathname + new URL(image).search);
    expect(fetched.headers['content-type']).toBe('image/png');
  });

  it('links the share buttons with the office’s message and the page’s address, encoded', async () => {
    const html = (await get('/campaign/share-day')).body;
    const pageUrl = `${app.env.PUBLIC_URL}/campaign/share-day`;
    const text = `Give with me today, every gift is doubled! ${pageUrl}`;
    expect(html).toContain(`href="https://api.whatsapp.com/send?text=${encodeURIComponent(text)}"`);
    expect(html).toContain(`href="sms:?&amp;body=${encodeURIComponent(text)}"`);
    expect(html).toContain('href="mailto:?subject=Share%20Day%3A%20the%20roof&amp;body=');
    // Without JavaScript, the address to copy by hand.
    expect(html).toMatch(new RegExp(`<input [^>]*readonly=""[^>]*value="${pageUrl}"`, 'i'));
  });

  it('makes the message from the title when the office wrote none', async () => {
    const html = (await get('/campaign/quiet-day')).body;
    const text = `Join me in giving to Share Day for the Tziyun. Every gift moves the thermometer: ${app.env.PUBLIC_URL}/campaign/quiet-day`;
    expect(html).toContain(`https://api.whatsapp.com/send?text=${encodeURIComponent(text)}`);
  });
});

describe('the share message in the campaign form’s API', () => {
  it('refuses a message too long, or not text, at its field', async () => {
    for (const [shareText, message] of [
      ['x'.repeat(301), 'The share message must be at most 300 characters'],
      [42, 'The share message must be text'],
    ] as const) {
      const res = await put(campaign({ shareText }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({ shareText: message });
    }
  });

  it('keeps a blank message as none', async () => {
    const res = await put(campaign({ title: 'Share Day: the roof', shareText: '   ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign.shareText).toBeNull();
    // Put back for the other tests, which may run after.
    await put(
      campaign({
        title: 'Share Day: the roof',
        shareText: 'Give with me today, every gift is doubled!',
      }),
    );
  });
});

describe('GET /campaign/:slug/team/:team/share.png', () => {
  it('draws an approved team: its name and total over the campaign’s title, its own goal', async () => {
    const team = async (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${id}/teams`,
        headers: admin.headers,
        payload: { leaderName: 'Reuven Katz', leaderEmail: 'reuven@example.org', ...payload },
      });
    expect((await team({ name: 'Katz Family', slug: 'katz', goal: 500 })).statusCode).toBe(201);
    expect((await team({ name: 'No Goal', slug: 'no-goal' })).statusCode).toBe(201);
    expect((await team({ name: 'Asked', slug: 'asked', status: 'requested' })).statusCode).toBe(
      201,
    );
    const drawn = vi.mocked(shareImage.renderShareImage);
    const image = await get('/campaign/share-day/team/katz/share.png');
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(image.rawPayload.readUInt32BE(20)).toBe(630);
    expect(image.headers.etag).toMatch(/-team-katz"$/);
    expect(drawn.mock.calls.at(-1)![0]).toMatchObject({
      title: 'Katz Family',
      subtitle: 'Share Day: the roof',
      raisedCents: 0,
      goalCents: 50_000,
    });
    const campaignImage = await get('/campaign/share-day/share.png');
    expect(image.rawPayload.equals(campaignImage.rawPayload)).toBe(false);
    // A team without a goal is drawn with its total alone.
    expect((await get('/campaign/share-day/team/no-goal/share.png')).statusCode).toBe(200);
    expect(drawn.mock.calls.at(-1)![0]).toMatchObject({ title: 'No Goal', goalCents: 0 });
    // A team not approved, an unknown one, or a draft campaign's: no image.
    for (const url of [
      '/campaign/share-day/team/asked/share.png',
      '/campaign/share-day/team/nobody/share.png',
      '/campaign/draft-share/team/katz/share.png',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // The team's page names its own image in its preview tags.
    const page = await get('/campaign/share-day/team/katz');
    expect(page.statusCode).toBe(200);
    expect(meta(page.body, 'og:image')).toMatch(
      /\/campaign\/share-day\/team\/katz\/share\.png\?v=\d+$/,
    );
  });
});

describe('the share images of a campaign with money in', () => {
  it('are the bytes of the known figures drawn: the total, the goal, the donors', async () => {
    const [katz] = await app.database.db
      .select({ id: campaignTeams.id })
      .from(campaignTeams)
      .where(and(eq(campaignTeams.campaignId, id), eq(campaignTeams.slug, 'katz')));
    await insertDonations(app, [
      { campaignId: id, teamId: katz!.id, amountCents: 18_000, wallDisplay: 'full' },
    ]);
    await touchCampaign(app.database.db, id);
    const site = { subtitle: app.siteConfig.product, footer: 'tziyun.test' };

    const image = await get('/campaign/share-day/share.png');
    expect(image.statusCode).toBe(200);
    const drawn = await shareImage.renderShareImage({
      title: 'Share Day: the roof',
      raisedCents: 18_000,
      goalCents: 3_600_000,
      donors: 1,
      ...site,
    });
    expect(image.rawPayload.equals(drawn)).toBe(true);

    const teamImage = await get('/campaign/share-day/team/katz/share.png');
    expect(teamImage.statusCode).toBe(200);
    const teamDrawn = await shareImage.renderShareImage({
      title: 'Katz Family',
      subtitle: 'Share Day: the roof',
      raisedCents: 18_000,
      goalCents: 50_000,
      donors: 1,
      footer: site.footer,
    });
    expect(teamImage.rawPayload.equals(teamDrawn)).toBe(true);
  });
});
