import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMatches, campaignTeams, donations } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';

// The office's figures on a seeded campaign: Sunday Dec 13, 2026, 7:30 to 10 PM in New York.

let app: TestApp;
let admin: AdminSession;
let campaignId: string;

/** A moment on the campaign's evening, New York time (EST, UTC−5). */
const evening = (time: string) => new Date(`2026-12-13T${time}-05:00`);

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'analytics-office' }));
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: admin.headers,
    payload: {
      slug: 'analytics-evening',
      title: 'Analytics evening',
      goal: 10_000,
      startsAt: '2026-12-13T19:30:00-05:00',
      endsAt: '2026-12-13T22:00:00-05:00',
      status: 'published',
      pauseForShabbat: false,
      matchers: [{ name: 'Matcher', ratio: 1, cap: 1000 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const campaign = res.json().campaign as { id: string; matchers: { id: string }[] };
  campaignId = campaign.id;

  const gift = (values: Partial<typeof donations.$inferInsert> & { at: Date }) => {
    const { at, ...rest } = values;
    return {
      amountCents: 100,
      currency: 'usd',
      donationType: 'onetime' as const,
      paymentMethod: 'stripe' as const,
      paymentStatus: 'succeeded' as const,
      campaignId,
      createdAt: at,
      updatedAt: at,
      donatedAt: at,
      ...rest,
    };
  };
  const offline = { paymentMethod: 'offline' as const, offlineMethod: 'check' as const };
  const [team] = await app.database.db
    .insert(campaignTeams)
    .values({
      campaignId,
      slug: 'katz-family',
      name: 'The Katz Family',
      leaderName: 'Reuven Katz',
      leaderEmail: 'reuven@example.org',
      status: 'approved',
    })
    .returning();
  const teamId = team!.id;
  await app.database.db.insert(donations).values([
    // Gave before the campaign: this donor record is returning.
    gift({
      email: 'returning@example.org',
      amountCents: 1800,
      campaignId: null,
      at: new Date('2026-01-05T12:00:00Z'),
    }),
    // One minute before 8 PM and one after: two hours of the site's clock.
    gift({
      email: 'returning@example.org',
      amountCents: 10_000,
      utmSource: 'whatsapp',
      utmMedium: 'social',
      teamId,
      at: evening('19:59:30'),
    }),
    gift({
      email: 'new1@example.org',
      amountCents: 5000,
      paymentMethod: 'ojc',
      at: evening('20:00:30'),
    }),
    gift({
      email: 'new1@example.org',
      amountCents: 3000,
      utmSource: 'whatsapp',
      utmMedium: 'social',
      teamId,
      at: evening('20:45:00'),
    }),
    gift({ email: 'new2@example.org', amountCents: 20_000, ...offline, at: evening('21:10:00') }),
    // Entered the next day: outside the window.
    gift({
      email: 'new3@example.org',
      amountCents: 2000,
      ...offline,
      at: new Date('2026-12-14T12:00:00-05:00'),
    }),
    // A monthly gift counts its 12 months, as on the thermometer; its covered fee does not.
    gift({
      email: 'returning@example.org',
      amountCents: 1050,
      feeCents: 50,
      donationType: 'subscription',
      utmSource: 'mail',
      utmCampaign: 'erev',
      at: evening('21:30:00'),
    }),
    // Not counted: a checkout left, a refund, a bounced cheque.
    gift({
      email: 'x1@example.org',
      amountCents: 99_900,
      paymentStatus: 'pending',
      at: evening('20:10:00'),
    }),
    gift({
      email: 'x2@example.org',
      amountCents: 50_000,
      paymentStatus: 'refunded',
      at: evening('20:20:00'),
    }),
    gift({
      email: 'x3@example.org',
      amountCents: 30_000,
      ...offline,
      voidedAt: evening('21:00:00'),
      at: evening('20:30:00'),
    }),
  ]);
  const matched = await app.database.db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.createdAt, evening('19:59:30')));
  const matcherId = campaign.matchers[0]!.id;
  await app.database.db.insert(campaignMatches).values([
    { donationId: matched[0]!.id, matcherId, giftCents: 10_000, cents: 10_000 },
    // Released: counts for nothing.
    {
      donationId: matched[0]!.id,
      matcherId,
      giftCents: 5000,
      cents: 5000,
      releasedAt: evening('20:00:00'),
      releaseReason: 'refunded',
    },
  ]);
});
afterAll(() => app.close());

const analytics = (headers: Record<string, string> = admin.headers) =>
  app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/analytics`, headers });

describe('GET /api/admin/campaigns/:id/analytics', () => {
  it('answers the counted gifts’ figures', async () => {
    const res = await analytics();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      timeZone: 'America/New_York',
      gifts: 6,
      raised: 520,
      matched: 100,
      average: 86.67,
      median: 75,
      outsideWindow: { gifts: 1, amount: 20 },
    });
    expect(body.matchedShare).toBeCloseTo(100 / 620, 6);
    expect(body.byHour).toEqual([
      { start: '2026-12-14T00:00:00.000Z', label: 'Sun, Dec 13, 7 PM', gifts: 1, amount: 100 },
      { start: '2026-12-14T01:00:00.000Z', label: 'Sun, Dec 13, 8 PM', gifts: 2, amount: 80 },
      { start: '2026-12-14T02:00:00.000Z', label: 'Sun, Dec 13, 9 PM', gifts: 2, amount: 320 },
    ]);
    expect(body.byReferrer).toEqual([
      { label: 'direct', source: null, medium: null, campaign: null, gifts: 3, amount: 270 },
      {
        label: 'whatsapp / social',
        source: 'whatsapp',
        medium: 'social',
        campaign: null,
        gifts: 2,
        amount: 130,
      },
      {
        label: 'mail / erev',
        source: 'mail',
        medium: null,
        campaign: 'erev',
        gifts: 1,
        amount: 120,
      },
    ]);
    expect(body.donors).toEqual({
      new: { donors: 3, gifts: 4, amount: 300 },
      returning: { donors: 1, gifts: 2, amount: 220 },
    });
    expect(body.byMethod).toEqual([
      { method: 'card', label: 'Credit card', gifts: 3, amount: 250 },
      { method: 'ojc', label: 'OJC Fund charity card', gifts: 1, amount: 50 },
      { method: 'offline', label: expect.stringContaining('Offline'), gifts: 2, amount: 220 },
    ]);
    // By team: a team's gifts and donors, then the gifts given through none.
    expect(body.byTeam).toEqual([
      { slug: 'katz-family', label: 'The Katz Family', donors: 2, gifts: 2, amount: 130 },
      { slug: null, label: 'No team', donors: 4, gifts: 4, amount: 390 },
    ]);
  });

  it('is the office’s only: 401 without a session or with a stale one', async () => {
    expect((await analytics({})).statusCode).toBe(401);
    expect((await analytics({ cookie: `${app.adminAuth.cookieName}=stale` })).statusCode).toBe(401);
  });

  it('answers 404 for no such campaign and 400 for an id that is none', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/api/admin/campaigns/6f1c4c52-6a55-4c5e-9d0f-7b0e6f3b2a11/analytics',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/admin/campaigns/not-an-id/analytics',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the campaign gifts CSV', () => {
  it('names the team and the link each gift came by', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaignId}/gifts.csv`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toMatch(/,Date,Receipt,Team,Source,Medium,Campaign Link,Link Content$/);
    expect(rows.find((r) => r.includes('2026-12-13 19:59'))).toMatch(
      /,The Katz Family,whatsapp,social,,$/,
    );
    expect(rows.find((r) => r.includes('2026-12-13 21:30'))).toMatch(/,,mail,,erev,$/);
    expect(rows.find((r) => r.includes('2026-12-13 20:00'))).toMatch(/,,,,,$/);
  });
});

describe('the analytics and the public figures', () => {
  it('count a team’s donors by one rule, and each gift in the hour its money came in', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: admin.headers,
      payload: {
        slug: 'analytics-one-rule',
        title: 'One rule',
        goal: 10_000,
        startsAt: '2026-12-20T19:30:00-05:00',
        endsAt: '2026-12-20T22:00:00-05:00',
        status: 'published',
        pauseForShabbat: false,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const campaign = made.json().campaign as { id: string; slug: string };
    const [team] = await app.database.db
      .insert(campaignTeams)
      .values({
        campaignId: campaign.id,
        slug: 'cohen',
        name: 'The Cohens',
        leaderName: 'Dina Cohen',
        leaderEmail: 'dina@example.org',
        status: 'approved',
      })
      .returning();
    const at = (time: string) => new Date(`2026-12-20T${time}-05:00`);
    const gift = (email: string, started: string, received: string) => ({
      amountCents: 5000,
      donationType: 'onetime' as const,
      paymentMethod: 'stripe' as const,
      paymentStatus: 'succeeded' as const,
      campaignId: campaign.id,
      teamId: team!.id,
      email,
      createdAt: at(started),
      updatedAt: at(received),
      donatedAt: at(received),
    });
    // Sara gave twice, from two addresses; the second checkout was opened at 8:58 and paid at
    // 9:02.
    const [home, work] = await app.database.db
      .insert(donations)
      .values([
        gift('sara@example.org', '19:40:00', '19:41:00'),
        gift('sara.cohen@work.example', '20:58:00', '21:02:00'),
      ])
      .returning();
    // The office merged her two donor records into one, as its merge does.
    await app.database.db
      .update(donations)
      .set({ donorId: home!.donorId })
      .where(eq(donations.id, work!.id));

    const figures = (
      await app.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaign.id}/analytics`,
        headers: admin.headers,
      })
    ).json();
    const snapshot = (
      await app.inject({ method: 'GET', url: `/api/campaigns/${campaign.slug}` })
    ).json();
    expect(figures.byTeam).toEqual([
      { slug: 'cohen', label: 'The Cohens', donors: 1, gifts: 2, amount: 100 },
    ]);
    expect(snapshot.teams).toEqual([expect.objectContaining({ slug: 'cohen', donors: 1 })]);
    expect(snapshot.donors).toBe(1);
    expect(figures.donors.new.donors).toBe(1);
    expect(figures.byHour.map((h: { label: string; gifts: number }) => [h.label, h.gifts])).toEqual(
      [
        ['Sun, Dec 20, 7 PM', 1],
        ['Sun, Dec 20, 8 PM', 0],
        ['Sun, Dec 20, 9 PM', 1],
      ],
    );
  });
});
