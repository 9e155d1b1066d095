import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '~tests/helpers/admin';
import { giveByCard } from '~tests/helpers/campaigns';
import { deliverEvent, setUpStripeTestApp } from '~tests/helpers/stripe';

/**
 * The campaign page's contract on a fake clock: the snapshot's state and times as the shared
 * campaign clock computes them (Shabbat in Monsey moves the end), the page the server renders
 * from it, and the gifts a paused campaign refuses to start but still completes.
 */
const t = setUpStripeTestApp({}, { admin: { username: 'campaign-page-office' } });

// Thursday noon in New York to Sunday noon; Shabbat (Friday's candle lighting, about 4:12 PM, to
// Saturday's havdalah, about 5:15 PM) falls inside it and moves the end a day and an hour later.
const week = {
  startsAt: '2026-12-03T17:00:00.000Z',
  endsAt: '2026-12-06T17:00:00.000Z',
  openUntil: '2026-12-07T17:00:00.000Z',
};
const at = {
  before: '2026-12-03T12:00:00.000Z',
  live: '2026-12-04T15:00:00.000Z',
  // Friday, 6 PM in New York.
  paused: '2026-12-04T23:00:00.000Z',
  open: '2026-12-08T12:00:00.000Z',
  ended: '2026-12-10T12:00:00.000Z',
};

/** Moves the app's clock to an instant (the outbox and the snapshot read this clock). */
function clockAt(iso: string) {
  t.app.advanceClock(Date.parse(iso) - t.app.clock().getTime());
}

async function makeCampaign(payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: t.admin.headers,
    payload: {
      title: 'Giving Day for the Tziyun',
      story: 'For **three days** the whole community gives together.',
      goal: 10_000,
      bonusGoals: [15_000],
      status: 'published',
      matchers: [{ name: 'The Klein Family', ratio: 1, cap: 1000 }],
      ...week,
      ...payload,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().campaign as { id: string; slug: string; computedEndsAt: string };
}

let shabbat: { id: string; slug: string; computedEndsAt: string };
beforeAll(async () => {
  // Made before the clock moves: the office's session is on today's clock.
  shabbat = await makeCampaign({ slug: 'shabbat-week', fund: 'the new roof' });
  await makeCampaign({ slug: 'draft-week', status: 'draft' });
});

const snapshot = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/campaigns/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the campaign snapshot on the campaign clock', () => {
  it('is before, live, paused on a Friday evening, open after the moved end, then ended', async () => {
    clockAt(at.before);
    const before = await snapshot(shabbat.slug);
    expect(before).toMatchObject({
      slug: 'shabbat-week',
      title: 'Giving Day for the Tziyun',
      state: 'before',
      goal: 10_000,
      bonusGoals: [15_000],
      recurringMonths: 12,
      story: 'For **three days** the whole community gives together.',
      fund: 'the new roof',
      startsAt: week.startsAt,
      resumesAt: null,
    });
    expect(typeof before.version).toBe('number');
    // The end the page counts to is the moved one the office sees, not the planned one.
    expect(before.endsAt).toBe(shabbat.computedEndsAt);
    expect(Date.parse(before.endsAt)).toBeGreaterThan(Date.parse(week.endsAt) + 24 * 3_600_000);
    expect(Date.parse(before.openUntil)).toBe(Date.parse(before.endsAt) + 24 * 3_600_000);
    expect(before.pauses).toEqual([
      {
        start: expect.stringMatching(/^2026-12-04T21:/),
        end: expect.stringMatching(/^2026-12-05T22:/),
        kind: 'shabbat',
      },
    ]);

    clockAt(at.live);
    expect((await snapshot(shabbat.slug)).state).toBe('live');

    clockAt(at.paused);
    const paused = await snapshot(shabbat.slug);
    expect(paused.state).toBe('paused');
    expect(paused.resumesAt).toBe(before.pauses[0].end);

    clockAt(at.open);
    expect(await snapshot(shabbat.slug)).toMatchObject({ state: 'open', resumesAt: null });
    clockAt(at.ended);
    expect((await snapshot(shabbat.slug)).state).toBe('ended');
  });

  it('refuses to start a gift while paused, saying when it resumes; a payment started before completes and counts', async () => {
    clockAt(at.live);
    const started = await t.startCheckout({
      amount: 40,
      campaign: shabbat.slug,
      wall: 'full',
      name: 'Early Giver',
    });
    const raisedBefore = (await snapshot(shabbat.slug)).raised;

    clockAt(at.paused);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 36, campaign: shabbat.slug },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.campaign).toMatch(
      /^The campaign is paused for Shabbat\. It resumes Saturday at \d{1,2}:\d\d PM\. No payment was started\.$/,
    );
    const delivered = await deliverEvent(
      t.app,
      t.standIn.event('payment_intent.succeeded', t.standIn.pay(started.id)),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = await snapshot(shabbat.slug);
    expect(after.raised).toBe(raisedBefore + 40);
    expect(after.matched).toBeGreaterThanOrEqual(40);
    expect(after.wall[0]).toMatchObject({ name: 'Early Giver', amount: 40, released: null });

    clockAt(at.ended);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 36, campaign: shabbat.slug },
    });
    expect(ended.json().error.fields.campaign).toMatch(/^The campaign has ended\./);
  });
});

describe('the campaign page /campaign/:slug', () => {
  it('keeps a hidden gift out of every field of the JSON and the page, an anonymous one as "Anonymous"', async () => {
    clockAt(at.live);
    await giveByCard(t, shabbat.slug, 77, {
      name: 'Hidden Hershel',
      email: 'hidden@example.org',
      wall: 'hidden',
    });
    await giveByCard(t, shabbat.slug, 54, {
      name: 'Quiet Chana',
      email: 'quiet@example.org',
      wall: 'anonymous',
      dedication: { kind: 'memory', name: 'Yaakov ben Leah' },
    });
    const api = await t.app.inject({ method: 'GET', url: `/api/campaigns/${shabbat.slug}` });
    const page = await t.app.inject({ method: 'GET', url: `/campaign/${shabbat.slug}` });
    expect(page.statusCode).toBe(200);
    for (const body of [api.body, page.body]) {
      for (const secret of [
        'Hidden',
        'Hershel',
        'hidden@',
        'Quiet',
        'Chana',
        'quiet@',
        '"amount":77',
      ]) {
        expect(body).not.toContain(secret);
      }
    }
    const wall = api.json().wall as {
      name: string;
      amount: number;
      dedication: unknown;
      id: string;
    }[];
    expect(wall.map((w) => w.amount)).not.toContain(77);
    // Found by its amount: gifts paid within one second of each other (the payment's time is
    // Stripe's, in seconds) have no order between them.
    const anonymous = wall.find((w) => w.amount === 54);
    expect(anonymous).toMatchObject({
      name: 'Anonymous',
      dedication: { kind: 'memory', name: 'Yaakov ben Leah' },
    });
    // The wall's keys are not the gifts' ids.
    expect(anonymous!.id).not.toMatch(/^[0-9a-f]{8}-/);
  });

  it('is rendered whole without JavaScript: figures, countdown, wall and a gift form to the checkout', async () => {
    clockAt(at.live);
    const res = await t.app.inject({ method: 'GET', url: `/campaign/${shabbat.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // Changed by each gift: checked again on every visit, never kept by the public page cache.
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const data = await snapshot(shabbat.slug);
    const total = `$${(data.raised + data.matched).toLocaleString('en-US')}`;
    expect(html).toContain('<title>Giving Day for the Tziyun | ');
    expect(html).toContain(
      '<meta name="description" content="For three days the whole community gives together.">',
    );
    expect(html).toContain(
      `<link rel="canonical" href="https://tziyun.test/campaign/${shabbat.slug}">`,
    );
    expect(html).toContain('For: the new roof');
    expect(html).toContain('role="meter"');
    expect(html).toContain(total);
    expect(html).toContain('The Klein Family');
    expect(html).toContain('Donor wall');
    expect(html).toContain('Anonymous');
    expect(html).toContain('role="timer"');
    expect(html).toMatch(
      /<form[^>]*action="\/checkout"[^>]*method="get"|<form[^>]*method="get"[^>]*action="\/checkout"/,
    );
    expect(html).toContain(`name="campaign" value="${shabbat.slug}"`);
    expect(html).toContain('name="wall"');
  });

  it('says the form takes no gift while paused, and why', async () => {
    clockAt(at.paused);
    const res = await t.app.inject({ method: 'GET', url: `/campaign/${shabbat.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/The campaign is paused for Shabbat\. Gifts open again Saturday at/);
  });

  it('is the 404 page for a draft, an unknown slug or no slug', async () => {
    for (const url of [
      '/campaign/draft-week',
      '/campaign/no-such-campaign',
      '/campaign',
      '/campaign/a/b',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('404 Page Not Found');
      expect(res.body, url).not.toContain('Giving Day for the Tziyun');
    }
  });

  it('shows a draft to a signed-in admin with ?preview=draft, never stored nor indexed; to anyone else it is the 404 page', async () => {
    const url = '/campaign/draft-week?preview=draft';
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).not.toContain('Giving Day for the Tziyun');
    // Signed in on the clock as it now stands: a session made before it moved may have ended.
    const office = await signIn(t.app, { username: 'campaign-preview-office' });
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: office.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Giving Day for the Tziyun');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Without the query the office sees what everyone sees.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/campaign/draft-week',
      headers: { cookie: office.cookie },
    });
    expect(plain.statusCode).toBe(404);
  });

  it('names the campaign and the wall choice on the checkout it leads to', async () => {
    clockAt(at.live);
    const res = await t.app.inject({
      method: 'GET',
      url: `/checkout?amount=36&type=onetime&method=credit_card&campaign=${shabbat.slug}&wall=initials`,
    });
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
    expect(text).toContain(
      'For the campaign Giving Day for the Tziyun. On the donor wall: your initials.',
    );
    expect(res.body).toContain(`href="/campaign/${shabbat.slug}"`);
  });
});
