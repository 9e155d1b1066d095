import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '~tests/helpers/admin';
import { campaigns, donations } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import { givingSession } from '~tests/helpers/my-giving';
import { fromAnotherSite, pageData, postPageForm } from '~tests/helpers/page-forms';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let campaignId: string;
let mine: string;
let theirs: string;
let plain: string;
let cookie: string;
beforeAll(async () => {
  app = await buildTestApp();
  const [campaign] = await app.database.db
    .insert(campaigns)
    .values({
      slug: 'wall-choice',
      title: 'Giving Day',
      goalCents: 1_000_000,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 3_600_000),
      status: 'published',
    })
    .returning();
  campaignId = campaign!.id;
  [{ id: mine }, { id: theirs }, { id: plain }] = (await insertDonations(app, [
    { email: 'walldonor@example.org', campaignId, wallDisplay: 'full' },
    { email: 'someone.else@example.org', campaignId, wallDisplay: 'full' },
    { email: 'walldonor@example.org' },
  ])) as [{ id: string }, { id: string }, { id: string }];
  // One session for the file: the links an address may ask for in an hour are few.
  cookie = await givingSession(app, 'walldonor@example.org');
});
afterAll(() => app.close());

const versionOf = async () =>
  (await app.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]!.version;
const wallOf = async (id: string) =>
  (await app.database.db.select().from(donations).where(eq(donations.id, id)))[0]!.wallDisplay;
const post = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/my-giving/wall', payload, headers: { cookie } });
/** The page's wall choice for a gift, posted as a browser without JavaScript posts it. */
const postWallForm = (gift: string, wall: string, headers: Record<string, string> = {}) =>
  postPageForm(app, '/my-giving', { _form: 'giving-wall', gift, wall }, { cookie, ...headers });

describe('the donor’s wall choice in My giving', () => {
  it('lists each campaign gift with its campaign and wall choice', async () => {
    const res = await app.inject({ url: '/api/my-giving', headers: { cookie } });
    const gifts = res.json().gifts as { id: string; campaign: unknown }[];
    expect(gifts.find((g) => g.id === mine)!.campaign).toEqual({
      slug: 'wall-choice',
      title: 'Giving Day',
      wall: 'full',
    });
    expect(gifts.find((g) => g.id === plain)!.campaign).toBeNull();
  });

  it('changes it through the API, audited, moving the campaign’s version', async () => {
    const before = await versionOf();
    const res = await post({ gift: mine, wall: 'initials' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your choice for the donor wall is saved.' });
    expect(await wallOf(mine)).toBe('initials');
    expect(await versionOf()).toBe(before + 1);
    const audit = await auditEntries(app, 'wall-choice-changed');
    expect(audit.at(-1)).toMatchObject({
      actorId: null,
      target: `donation:${mine}`,
      details: { by: 'donor', from: 'full', to: 'initials' },
    });
  });

  it('changes it by the page’s plain form, without JavaScript', async () => {
    const res = await postWallForm(mine, 'hidden');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/my-giving?sent=giving-wall#gift-${mine}`);
    expect(await wallOf(mine)).toBe('hidden');
    const page = await app.inject({ url: res.headers.location!, headers: { cookie } });
    expect(page.body).toContain('Your choice for the donor wall is saved.');
    expect(page.body).toContain('On the donor wall of Giving Day');
  });

  it('refuses another donor’s gift, a gift of no campaign, and anyone signed out', async () => {
    const before = await versionOf();
    for (const gift of [theirs, plain]) {
      const res = await post({ gift, wall: 'anonymous' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('This gift is not among yours.');
    }
    expect(await wallOf(theirs)).toBe('full');
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/my-giving/wall',
      payload: { gift: theirs, wall: 'hidden' },
    });
    expect(signedOut.statusCode).toBe(401);
    const page = await postWallForm(theirs, 'hidden');
    expect(page.statusCode).toBe(404);
    expect(await wallOf(theirs)).toBe('full');
    expect(await versionOf()).toBe(before);
  });

  it('refuses a form posted from another site', async () => {
    const res = await postWallForm(mine, 'full', fromAnotherSite);
    expect(res.statusCode).toBe(403);
    expect(await wallOf(mine)).not.toBe('full');
  });

  it('refuses a bad choice or gift id with field messages', async () => {
    const res = await post({ gift: 'not-an-id', wall: 'everyone' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      gift: 'This gift is not among yours.',
      wall: 'Choose how the gift shows on the wall: full name, name, initials, anonymous or not at all',
    });
    const page = await postWallForm(mine, 'everyone');
    expect(page.statusCode).toBe(400);
    expect(pageData(page.body).form).toMatchObject({
      name: 'giving-wall',
      errors: { wall: expect.stringContaining('Choose how the gift shows') },
    });
  });
});
