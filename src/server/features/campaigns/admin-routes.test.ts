import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMatches, donations } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { settleCampaignGift } from './settle-gift';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'campaign-maker' }));
});
afterAll(() => app.close());

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
let n = 0;
const campaign = (changes: Record<string, unknown> = {}) => ({
  slug: `chai-day-${++n}`,
  title: 'Chai Day for the tziyun',
  story: 'Thirty-six hours for the *new roof*.',
  goal: 180_000,
  bonusGoals: [250_000, 360_000],
  startsAt: '2026-12-13T20:00:00-05:00',
  endsAt: '2026-12-15T08:00:00-05:00',
  openUntil: '2026-12-16T08:00:00-05:00',
  matchers: [
    { name: 'The Katz family', ratio: 1, cap: 50_000 },
    { name: 'An anonymous friend', ratio: 2, cap: 25_000 },
  ],
  ...changes,
});

const post = (payload: object, session: AdminSession | null = admin) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: session?.headers ?? {},
    payload,
  });
const put = (id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/admin/campaigns/${id}`, headers: admin.headers, payload });

describe('POST /api/admin/campaigns', () => {
  it('makes a draft campaign with its matchers and bonus goals, audited, and lists it', async () => {
    const res = await post(campaign({ slug: 'chai-day' }));
    expect(res.statusCode, res.body).toBe(201);
    const { campaign: made } = res.json();
    expect(made).toMatchObject({
      slug: 'chai-day',
      goal: 180_000,
      bonusGoals: [250_000, 360_000],
      startsAt: '2026-12-14T01:00:00.000Z',
      endsAt: '2026-12-15T13:00:00.000Z',
      openUntil: '2026-12-16T13:00:00.000Z',
      recurringMonths: 12,
      pauseForShabbat: true,
      offlineGiftsMatched: false,
      status: 'draft',
      matchers: [
        { name: 'The Katz family', ratio: 1, cap: 50_000, used: 0 },
        { name: 'An anonymous friend', ratio: 2, cap: 25_000, used: 0 },
      ],
    });
    const audit = await auditEntries(app, 'campaign-created', 'campaign:chai-day');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUsername).toBe('campaign-maker');

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().campaigns.map((c: { slug: string }) => c.slug)).toContain('chai-day');
  });

  it('is for the office only', async () => {
    expect((await post(campaign(), null)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/campaigns' })).statusCode).toBe(401);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a slug with capitals', { slug: 'Chai Day' }, 'slug', 'lower-case letters'],
    ['an empty slug', { slug: '' }, 'slug', 'Please enter the web address name'],
    ['no title', { title: ' ' }, 'title', 'Please enter the title'],
    ['a goal of $0', { goal: 0 }, 'goal', 'The goal must be more than $0'],
    ['a goal with cents', { goal: 10.5 }, 'goal', 'whole dollars'],
    ['a goal that is not a number', { goal: 'lots' }, 'goal', 'number of whole dollars'],
    [
      'an end before the start',
      { endsAt: '2026-12-13T19:00:00-05:00' },
      'endsAt',
      'after the start',
    ],
    ['an end at the start', { endsAt: '2026-12-13T20:00:00-05:00' }, 'endsAt', 'after the start'],
    [
      '"still open" before the end',
      { openUntil: '2026-12-15T07:00:00-05:00' },
      'openUntil',
      'after the end',
    ],
    ['a start without its offset', { startsAt: '2026-12-13T20:00:00' }, 'startsAt', 'offset'],
    ['a start that is only a date', { startsAt: '2026-12-13' }, 'startsAt', 'offset'],
    ['an end that is no date', { endsAt: 'tomorrow' }, 'endsAt', 'offset'],
    [
      'a ratio of 0',
      { matchers: [{ name: 'A', ratio: 0, cap: 100 }] },
      'matchers.0.ratio',
      'more than 0',
    ],
    [
      'a negative ratio',
      { matchers: [{ name: 'A', ratio: -1, cap: 100 }] },
      'matchers.0.ratio',
      'more than 0',
    ],
    [
      'a cap of $0',
      { matchers: [{ name: 'A', ratio: 1, cap: 0 }] },
      'matchers.0.cap',
      'The cap must be more than $0',
    ],
    [
      'a matcher without a name',
      { matchers: [{ name: '', ratio: 1, cap: 10 }] },
      'matchers.0.name',
      "matcher's name",
    ],
    ['bonus goals out of order', { bonusGoals: [360_000, 250_000] }, 'bonusGoals', 'above'],
    ['a bonus goal below the goal', { bonusGoals: [100_000] }, 'bonusGoals', 'above the goal'],
    ['a bonus goal equal to the goal', { bonusGoals: [180_000] }, 'bonusGoals', 'above the goal'],
    ['months counted of 0', { recurringMonths: 0 }, 'recurringMonths', '1 to 60'],
    ['a status that is not one', { status: 'live' }, 'status', 'draft or published'],
  ];
  it.each(refusals)('refuses %s with a field message (400)', async (_what, change, field, text) => {
    const res = await post(campaign(change));
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields[field]).toContain(text);
  });

  it('refuses a slug another campaign has', async () => {
    expect((await post(campaign({ slug: 'taken' }))).statusCode).toBe(201);
    const res = await post(campaign({ slug: 'taken', title: 'Another' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.slug).toBe(
      'Another campaign already has this slug; please choose another',
    );
  });
});

describe('PUT /api/admin/campaigns/:id', () => {
  it('changes a draft freely, bumps nothing else, and is audited', async () => {
    const made = (await post(campaign())).json().campaign;
    const res = await put(
      made.id,
      campaign({
        slug: made.slug,
        goal: 100_000,
        bonusGoals: [],
        matchers: [{ name: 'The Katz family', ratio: 1.5, cap: 60_000 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      goal: 100_000,
      bonusGoals: [],
      matchers: [{ name: 'The Katz family', ratio: 1.5, cap: 60_000, used: 0 }],
    });
    const audit = await auditEntries(app, 'campaign-updated');
    expect(audit.map((a) => a.target)).toContain(`campaign:${made.slug}`);
  });

  it('never moves the goalposts of a published campaign that has started', async () => {
    const live = { startsAt: hours(-1), endsAt: hours(23), openUntil: null, status: 'published' };
    const made = (await post(campaign(live))).json().campaign;
    const same = campaign({ ...live, slug: made.slug });
    const lower = await put(made.id, { ...same, goal: 100_000 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.fields.goal).toBe(
      'The campaign has started: its goal stays as donors saw it and cannot change',
    );
    const higher = await put(made.id, { ...same, goal: 200_000, bonusGoals: [250_000, 360_000] });
    expect(higher.statusCode).toBe(400);
    const bonus = await put(made.id, { ...same, bonusGoals: [200_000, 360_000] });
    expect(bonus.statusCode).toBe(400);
    expect(bonus.json().error.fields.bonusGoals).toContain('cannot change');
    const moved = await put(made.id, { ...same, startsAt: hours(-2) });
    expect(moved.json().error.fields.startsAt).toBe(
      'The campaign has started: its start cannot move',
    );
    // What may change: the title, the end, a matcher's cap.
    const fine = await put(made.id, { ...same, title: 'Chai Day, the roof', endsAt: hours(30) });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses an unknown campaign (404) and bad input (400)', async () => {
    const unknown = await put('00000000-0000-4000-8000-000000000000', campaign());
    expect(unknown.statusCode).toBe(404);
    const made = (await post(campaign())).json().campaign;
    const bad = await put(made.id, campaign({ slug: made.slug, goal: -5 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.goal).toBe('The goal must be more than $0');
    expect((await put('not-an-id', campaign())).statusCode).toBe(400);
    expect((await put('-'.repeat(36), campaign())).statusCode).toBe(400);
  });
});

/** A received card gift to a campaign, settled as the payment paths do. */
async function matchedGift(campaignId: string, cents: number) {
  const { db } = app.database;
  return db.transaction(async (tx) => {
    const [gift] = await tx
      .insert(donations)
      .values({
        amountCents: cents,
        donationType: 'onetime',
        paymentMethod: 'stripe',
        paymentStatus: 'succeeded',
        campaignId,
        wallDisplay: 'anonymous',
        donatedAt: new Date(),
      })
      .returning();
    await settleCampaignGift(tx, gift!, new Date());
    return gift!;
  });
}

describe('PUT /api/admin/campaigns/:id, its matchers', () => {
  const live = { startsAt: hours(-1), endsAt: hours(23), openUntil: null, status: 'published' };
  type Matcher = { id: string; name: string; ratio: number; cap: number; used: number };
  const sent = (ms: Matcher[]) => ms.map(({ id, name, ratio, cap }) => ({ id, name, ratio, cap }));

  async function withMatch() {
    const made = (await post(campaign(live))).json().campaign;
    const gift = await matchedGift(made.id, 10_000);
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: admin.headers,
    });
    const now = list.json().campaigns.find((c: { id: string }) => c.id === made.id);
    const [katz, friend] = now.matchers as Matcher[];
    return {
      made,
      gift,
      katz: katz!,
      friend: friend!,
      same: campaign({ ...live, slug: made.slug }),
    };
  }

  it('names matchers by id: a matcher that has matched keeps its place, ratio and money', async () => {
    const { made, katz, friend, same } = await withMatch();
    expect(katz).toMatchObject({ hasMatched: true, used: 100 });
    expect(friend).toMatchObject({ hasMatched: false, used: 0 });

    const swapped = await put(made.id, { ...same, matchers: sent([friend, katz]) });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().error.fields.matchers).toBe(
      'The Katz family has matched gifts, so it stays matcher 1; new matchers go after it',
    );
    const ratio = await put(made.id, { ...same, matchers: sent([{ ...katz, ratio: 2 }, friend]) });
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json().error.fields['matchers.0.ratio']).toContain('cannot change');
    const removed = await put(made.id, { ...same, matchers: sent([friend]) });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error.fields.matchers).toContain('cannot be removed');
    const stranger = await put(made.id, {
      ...same,
      matchers: [{ ...sent([katz])[0], id: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.fields['matchers.0.name']).toContain('not one of this campaign');

    // What may change: its cap raised, its name, the others' order, and new ones after it.
    const fine = await put(made.id, {
      ...same,
      matchers: [
        ...sent([{ ...katz, name: 'The Katz family fund', cap: 60_000 }]),
        { name: 'A new friend', ratio: 3, cap: 1_000 },
        ...sent([{ ...friend, ratio: 1.5 }]),
      ],
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const after = fine.json().campaign.matchers as Matcher[];
    expect(after).toMatchObject([
      { id: katz.id, name: 'The Katz family fund', ratio: 1, cap: 60_000, used: 100 },
      { name: 'A new friend', ratio: 3, cap: 1_000, used: 0, hasMatched: false },
      { id: friend.id, ratio: 1.5, used: 0 },
    ]);
    const rows = await app.database.db
      .select()
      .from(campaignMatches)
      .where(eq(campaignMatches.matcherId, katz.id));
    expect(rows.map((r) => r.cents)).toEqual([10_000]);
  });

  it('a matcher never matched may move, change its ratio or go', async () => {
    const { made, katz, friend, same } = await withMatch();
    const res = await put(made.id, {
      ...same,
      matchers: sent([katz, { ...friend, ratio: 1 }]).slice(0, 1),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign.matchers).toHaveLength(1);
    const again = await put(made.id, {
      ...same,
      matchers: [...sent([katz]), { name: 'Later', ratio: 1, cap: 10 }],
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('PUT /api/admin/campaigns/:id, what decides the figures', () => {
  const live = { startsAt: hours(-1), endsAt: hours(23), openUntil: null, status: 'published' };
  const figures: [string, Record<string, unknown>, string][] = [
    ['the months counted', { recurringMonths: 6 }, 'recurringMonths'],
    ['whether offline gifts are matched', { offlineGiftsMatched: true }, 'offlineGiftsMatched'],
    ['the Shabbat pause', { pauseForShabbat: false }, 'pauseForShabbat'],
    ['the status, back to a draft', { status: 'draft' }, 'status'],
  ];

  it.each(figures)(
    'refuses a change to %s once the campaign has started',
    async (_w, change, field) => {
      const made = (await post(campaign(live))).json().campaign;
      const res = await put(made.id, { ...campaign({ ...live, slug: made.slug }), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toContain('The campaign has started:');
    },
  );

  it.each(figures)(
    'refuses a change to %s once a campaign not started has a gift',
    async (_w, change, field) => {
      const soon = { ...live, startsAt: hours(2), endsAt: hours(26) };
      const made = (await post(campaign(soon))).json().campaign;
      await matchedGift(made.id, 1_000);
      const res = await put(made.id, { ...campaign({ ...soon, slug: made.slug }), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toContain('The campaign has gifts:');
    },
  );

  it('lets a campaign not started and without gifts change them, and go back to a draft', async () => {
    const soon = { ...live, startsAt: hours(2), endsAt: hours(26) };
    const made = (await post(campaign(soon))).json().campaign;
    const res = await put(made.id, {
      ...campaign({ ...soon, slug: made.slug }),
      recurringMonths: 6,
      offlineGiftsMatched: true,
      pauseForShabbat: false,
      status: 'draft',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({ recurringMonths: 6, status: 'draft' });
  });

  it('keeps the stored status when a save names none', async () => {
    const made = (await post(campaign(live))).json().campaign;
    const { status: _status, ...unnamed } = campaign({ ...live, slug: made.slug }) as Record<
      string,
      unknown
    >;
    const res = await put(made.id, { ...unnamed, title: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({ title: 'Renamed', status: 'published' });
  });
});
