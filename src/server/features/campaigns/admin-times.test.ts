import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'campaign-planner' }));
});
afterAll(() => app.close());

// Thursday 8 PM to Friday 8 PM, December 2026 in Monsey: Shabbat begins at 4:09 PM on Friday.
const overShabbat = {
  slug: 'erev-shabbat',
  title: 'Erev Shabbat for the tziyun',
  goal: 36_000,
  startsAt: '2026-12-10T20:00:00-05:00',
  endsAt: '2026-12-11T20:00:00-05:00',
  matchers: [{ name: 'The Katz family', ratio: 1, cap: 10_000 }],
};

const post = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: admin.headers, payload });

describe('the computed end the office plans by', () => {
  it('moves a draft that runs into Shabbat to after havdalah, with the pause it skipped', async () => {
    const res = await post(overShabbat);
    expect(res.statusCode, res.body).toBe(201);
    const { campaign } = res.json();
    expect(campaign.endsAt).toBe('2026-12-12T01:00:00.000Z');
    // The 3 hours 51 minutes left at candle lighting come after havdalah: Saturday 9:05 PM.
    expect(campaign.computedEndsAt).toBe('2026-12-13T02:05:00.000Z');
    expect(campaign.computedOpenUntil).toBeNull();
    expect(campaign.pauses).toEqual([
      { start: '2026-12-11T21:09:00.000Z', end: '2026-12-12T22:14:00.000Z', kind: 'shabbat' },
    ]);

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: admin.headers,
    });
    const listed = list.json().campaigns.find((c: { slug: string }) => c.slug === 'erev-shabbat');
    expect(listed.computedEndsAt).toBe('2026-12-13T02:05:00.000Z');
  });

  it('keeps the planned end when the campaign runs through Shabbat, and after an edit', async () => {
    const made = (await post({ ...overShabbat, slug: 'through-shabbat' })).json().campaign;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${made.id}`,
      headers: admin.headers,
      payload: {
        ...overShabbat,
        slug: 'through-shabbat',
        pauseForShabbat: false,
        openUntil: '2026-12-12T20:00:00-05:00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      computedEndsAt: '2026-12-12T01:00:00.000Z',
      computedOpenUntil: '2026-12-13T01:00:00.000Z',
      pauses: [],
    });
  });

  it('refuses a pause setting that is not yes or no, at its field', async () => {
    const res = await post({ ...overShabbat, slug: 'bad-pause', pauseForShabbat: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.pauseForShabbat).toBe('pauseForShabbat must be true or false');
  });
});
