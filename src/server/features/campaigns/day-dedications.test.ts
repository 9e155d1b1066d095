import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';

let app: TestApp;
let admin: AdminSession;
let campaignId: string;

const hebrew = {
  dedicationHebrewName: 'משה',
  dedicationRelation: 'ben' as const,
  dedicationMotherHebrewName: 'שרה',
};

async function campaign(slug: string) {
  const [row] = await app.database.db
    .insert(campaigns)
    .values({
      slug,
      title: `Campaign ${slug}`,
      goalCents: 1_000_000,
      startsAt: new Date('2026-03-09T12:00:00Z'),
      endsAt: new Date('2026-03-12T12:00:00Z'),
      status: 'published',
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'dedications-reader' }));
  campaignId = await campaign('tziyun-day');
  const other = await campaign('other-day');
  const gift = (overrides: Parameters<typeof insertDonations>[1][number]) => ({
    campaignId,
    paymentStatus: 'succeeded' as const,
    ...overrides,
  });
  // The site's time zone is America/New_York: 10 March there runs 04:00Z to 04:00Z next day.
  await insertDonations(app, [
    gift({
      donorName: 'Sarah Cohen',
      dedicationKind: 'refuah',
      dedicationName: 'Moshe Levy',
      ...hebrew,
      donatedAt: new Date('2026-03-10T15:00:00Z'),
    }),
    gift({
      donorName: 'Late Giver',
      dedicationKind: 'memory',
      dedicationName: 'Rivka Stern',
      donatedAt: new Date('2026-03-11T03:30:00Z'),
    }),
    gift({
      dedicationKind: 'refuah',
      dedicationName: 'Yaakov Gold',
      dedicationHebrewName: 'יעקב',
      dedicationRelation: 'ben',
      dedicationMotherHebrewName: 'לאה',
      donatedAt: new Date('2026-03-10T18:00:00Z'),
    }),
    gift({
      dedicationKind: 'honor',
      dedicationName: 'Next Day',
      donatedAt: new Date('2026-03-11T05:00:00Z'),
    }),
    gift({
      dedicationKind: 'honor',
      dedicationName: 'Not Paid',
      paymentStatus: 'pending',
      donatedAt: new Date('2026-03-10T15:00:00Z'),
    }),
    gift({
      dedicationKind: 'honor',
      dedicationName: 'Refunded',
      paymentStatus: 'refunded',
      donatedAt: new Date('2026-03-10T15:00:00Z'),
    }),
    gift({
      campaignId: other,
      dedicationKind: 'honor',
      dedicationName: 'Other Campaign',
      donatedAt: new Date('2026-03-10T15:00:00Z'),
    }),
    gift({ donatedAt: new Date('2026-03-10T16:00:00Z') }),
  ]);
});
afterAll(() => app.close());

const get = (url: string, cookie: string | undefined = admin.cookie) =>
  app.inject({ url, headers: cookie ? { cookie } : {} });

describe('GET /api/admin/campaigns/:id/dedications', () => {
  it('lists the day’s received dedications, grouped by kind, in the site’s time zone', async () => {
    const res = await get(`/api/admin/campaigns/${campaignId}/dedications?date=2026-03-10`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      campaign: { id: campaignId, title: 'Campaign tziyun-day', slug: 'tziyun-day' },
      date: '2026-03-10',
      total: 3,
    });
    expect(body.hebrewDate.english).toMatch(/Adar/);
    expect(body.groups).toEqual([
      {
        kind: 'memory',
        label: 'In memory of',
        names: [
          { id: expect.any(String), line: null, name: 'Rivka Stern', donorName: 'Late Giver' },
        ],
      },
      {
        kind: 'refuah',
        label: 'Refuah shleimah',
        names: [
          {
            id: expect.any(String),
            line: 'משה בן שרה',
            name: 'Moshe Levy',
            donorName: 'Sarah Cohen',
          },
          {
            id: expect.any(String),
            line: 'יעקב בן לאה',
            name: 'Yaakov Gold',
            donorName: expect.anything(),
          },
        ],
      },
    ]);
  });

  it('answers an empty day with no groups', async () => {
    const res = await get(`/api/admin/campaigns/${campaignId}/dedications?date=2026-03-01`);
    expect(res.json()).toMatchObject({ total: 0, groups: [] });
  });

  it('refuses a bad date with a field message, an unknown campaign, and anyone signed out', async () => {
    const bad = await get(`/api/admin/campaigns/${campaignId}/dedications?date=2026-13-45`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ date: 'Date must be a date (YYYY-MM-DD)' });
    const unknown = await get(
      `/api/admin/campaigns/00000000-0000-4000-8000-000000000000/dedications?date=2026-03-10`,
    );
    expect(unknown.statusCode).toBe(404);
    const anonymous = await get(`/api/admin/campaigns/${campaignId}/dedications`, '');
    expect(anonymous.statusCode).toBe(401);
  });
});
