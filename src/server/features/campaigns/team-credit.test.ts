import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { donations, jobs } from '~/db/schema';
import { addTeam } from '~tests/helpers/campaign-teams';
import { giveByCard, liveCampaign } from '~tests/helpers/campaigns';
import { openEventStream } from '~tests/helpers/event-stream';
import { deliverEvent, setUpStripeTestApp } from '~tests/helpers/stripe';

// A card gift through a team: the team named in the checkout's address is checked against the
// gift's campaign, carried in the PaymentIntent's metadata, and counted for the team when paid.

const t = setUpStripeTestApp({}, { admin: { username: 'team-office' } });
let base: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const snapshot = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/campaigns/${slug}` })).json();

const setUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });

describe('a card gift through a team', () => {
  it('is credited to the team when paid: metadata, the gift, the team’s total, donors and wall', async () => {
    const campaign = await liveCampaign(t.app, t.admin);
    const team = await addTeam(t.app, t.admin, campaign.id, { group: 'Beth Medrash' });
    const pi = await t.startCheckout({
      amount: 100,
      campaign: campaign.slug,
      team: team.slug,
      wall: 'full',
      name: 'Leah Stern',
      email: 'leah@example.org',
    });
    expect(pi.metadata).toMatchObject({ campaign_id: campaign.id, team_id: team.id });
    expect(await t.donationOf(pi.id)).toMatchObject({ campaignId: campaign.id, teamId: team.id });
    // Not paid yet: the team has nothing.
    expect((await snapshot(campaign.slug)).teams[0]).toMatchObject({ raised: 0, donors: 0 });

    await deliverEvent(t.app, t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    // A gift given without the team counts for the campaign only.
    await giveByCard(t, campaign.slug, 50, { wall: 'full', name: 'Other Donor' });
    // A gift kept off the wall still counts its donor; its name is in no field.
    await giveByCard(t, campaign.slug, 36, {
      team: team.slug,
      wall: 'hidden',
      name: 'Secret Giver',
      email: 'secret@example.org',
    });
    const after = await snapshot(campaign.slug);
    expect(after).toMatchObject({ raised: 186, donors: 3 });
    expect(after.teams).toEqual([
      {
        slug: team.slug,
        name: 'The Katz Family',
        group: 'Beth Medrash',
        goal: 1000,
        raised: 136,
        donors: 2,
      },
    ]);
    expect(after.groups).toEqual([{ name: 'Beth Medrash', raised: 136, donors: 2, teams: 1 }]);
    expect(JSON.stringify(after.teams)).not.toContain('Secret');

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaign.slug}/teams/${team.slug}`,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().team).toMatchObject({ raised: 136, donors: 2 });
    expect(view.json().wall.map((w: { name: string }) => w.name)).toEqual(['Leah Stern']);
    expect(view.body).not.toContain('Secret');
    expect(view.body).not.toContain('reuven@example.org');
  });

  it('queues one note to the team’s leader per paid gift, naming the gift only', async () => {
    const campaign = await liveCampaign(t.app, t.admin);
    const team = await addTeam(t.app, t.admin, campaign.id);
    const shown = await giveByCard(t, campaign.slug, 54, {
      team: team.slug,
      wall: 'full',
      name: 'Miriam Levi',
      email: 'miriam@example.org',
    });
    const alone = await giveByCard(t, campaign.slug, 18, { wall: 'full', name: 'No Team' });
    const notes = () =>
      t.app.database.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, 'campaign.ambassador-mail'),
            like(jobs.idempotencyKey, 'ambassador-gift:%'),
          ),
        );
    const gift = await t.donationOf(shown.id);
    const queued = (await notes()).filter((j) => j.idempotencyKey.includes(gift.id));
    // Who gave and how much are read when the note goes (after a refund, not at all).
    expect(queued.map((j) => j.payload)).toEqual([
      { note: 'gift', donationId: gift.id, teamId: team.id },
    ]);
    // A gift given without the team tells no leader.
    const aloneId = (await t.donationOf(alone.id)).id;
    expect((await notes()).some((j) => j.idempotencyKey.includes(aloneId))).toBe(false);
    const before = (await notes()).length;
    // A second settling of the same gift (a webhook delivered again) queues nothing more.
    await deliverEvent(t.app, t.standIn.event('payment_intent.succeeded', t.standIn.pay(shown.id)));
    expect(await notes()).toHaveLength(before);
  });

  it('refuses a team of another campaign, an unapproved or declined one, and a team without a campaign', async () => {
    const campaign = await liveCampaign(t.app, t.admin);
    const other = await liveCampaign(t.app, t.admin);
    const foreign = await addTeam(t.app, t.admin, other.id, { name: 'Foreign team' });
    const requested = await addTeam(t.app, t.admin, campaign.id, {
      name: 'Waiting team',
      status: 'requested',
    });
    const declined = await addTeam(t.app, t.admin, campaign.id, {
      name: 'Declined team',
      status: 'declined',
    });
    for (const team of [foreign.slug, requested.slug, declined.slug, 'no-such-team']) {
      const res = await setUp({ amount: 20, campaign: campaign.slug, team });
      expect(res.statusCode, team).toBe(400);
      expect(res.json().error.fields.team).toContain('Your gift was not taken');
    }
    const alone = await setUp({ amount: 20, team: foreign.slug });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.fields.team).toContain('for its campaign only');
    // Nothing was set up for any of them.
    const rows = await t.app.database.db
      .select()
      .from(donations)
      .where(eq(donations.campaignId, campaign.id));
    expect(rows).toHaveLength(0);
  });

  it('the database refuses a gift credited to a team of another campaign', async () => {
    const campaign = await liveCampaign(t.app, t.admin);
    const other = await liveCampaign(t.app, t.admin);
    const team = await addTeam(t.app, t.admin, other.id);
    await expect(
      t.app.database.db.insert(donations).values({
        amountCents: 1000,
        donationType: 'onetime',
        paymentMethod: 'stripe',
        campaignId: campaign.id,
        teamId: team.id,
      }),
    ).rejects.toThrow();
  });

  it('the campaign’s event stream carries the teams as they move', async () => {
    const campaign = await liveCampaign(t.app, t.admin);
    const team = await addTeam(t.app, t.admin, campaign.id, { name: 'Stream team' });
    const stream = await openEventStream(`${base}/api/campaigns/${campaign.slug}/events`);
    try {
      // A loaded machine may take a while to hear the gift's notification (PostgreSQL).
      const first = JSON.parse((await stream.next(30_000)).data);
      expect(first.teams).toEqual([expect.objectContaining({ slug: team.slug, raised: 0 })]);
      await giveByCard(t, campaign.slug, 40, { team: team.slug });
      const next = JSON.parse((await stream.next(30_000)).data);
      expect(next.teams[0]).toMatchObject({ slug: team.slug, raised: 40, donors: 1 });
    } finally {
      stream.close();
    }
  });

  it('an unknown or unapproved team has no public view', async () => {
    const campaign = await liveCampaign(t.app, t.admin);
    const waiting = await addTeam(t.app, t.admin, campaign.id, { status: 'requested' });
    for (const slug of [waiting.slug, 'nobody']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaign.slug}/teams/${slug}`,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await snapshot(campaign.slug)).teams).toEqual([]);
  });
});
