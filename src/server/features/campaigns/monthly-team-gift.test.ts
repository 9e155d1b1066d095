import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignMatches, donations, jobs } from '~/db/schema';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import { deliverEvent, setUpStripeTestApp } from '~tests/helpers/stripe';

// A monthly card gift through a team's link: its first charge counts the plan's months in the
// campaign and the team; each renewal is a gift of its own to the ledger, and counts nowhere in
// the campaign again until the plan ends, when the payments made are what counts.

const t = setUpStripeTestApp({}, { admin: { username: 'monthly-team-office' } });

async function deliverOk(event: Parameters<typeof deliverEvent>[1]) {
  const res = await deliverEvent(t.app, event);
  expect(res.statusCode, res.body).toBe(200);
}

const read = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: t.admin.headers })).json();

/** What the thermometer, the team, the analytics and the CSV say of the campaign. */
async function figures(campaign: { id: string; slug: string }) {
  const snapshot = await read(`/api/campaigns/${campaign.slug}`);
  const analytics = await read(`/api/admin/campaigns/${campaign.id}/analytics`);
  const csv = await t.app.inject({
    method: 'GET',
    url: `/api/admin/campaigns/${campaign.id}/gifts.csv`,
    headers: t.admin.headers,
  });
  return {
    raised: snapshot.raised,
    matched: snapshot.matched,
    donors: snapshot.donors,
    team: snapshot.teams[0].raised,
    teamDonors: snapshot.teams[0].donors,
    wall: snapshot.wall.length,
    analytics: { gifts: analytics.gifts, raised: analytics.raised, byTeam: analytics.byTeam },
    csvRows: csv.body.trim().split('\r\n').length - 1,
  };
}

describe('a monthly card gift through a team', () => {
  it('counts its months once: a renewal carries no campaign, team or link', async () => {
    const campaign = await liveCampaign(t.app, t.admin, {
      recurringMonths: 10,
      matchers: [{ name: 'Matcher', ratio: 1, cap: 10_000 }],
    });
    const team = await addTeam(t.app, t.admin, campaign.id);
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: 18,
      campaign: campaign.slug,
      team: team.slug,
      referrer: { source: 'whatsapp' },
      wall: 'full',
      name: 'Monthly Giver',
      email: 'monthly@example.org',
    });
    await t.payFirstInvoice({ pi, invoiceId });
    const first = await t.donationOf(pi.id);
    expect(first).toMatchObject({
      paymentStatus: 'succeeded',
      campaignId: campaign.id,
      teamId: team.id,
      utmSource: 'whatsapp',
    });
    const counted = {
      raised: 180,
      matched: 180,
      donors: 1,
      team: 180,
      teamDonors: 1,
      wall: 1,
      analytics: {
        gifts: 1,
        raised: 180,
        byTeam: [{ slug: team.slug, label: 'The Katz Family', donors: 1, gifts: 1, amount: 180 }],
      },
      csvRows: 1,
    };
    expect(await figures(campaign)).toEqual(counted);

    const renewal = t.standIn.renew(subscriptionId);
    const renewalPi = t.standIn.intentOfInvoice(renewal.id);
    t.standIn.pay(renewalPi.id);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(renewal.id)));
    expect(await t.donationOf(renewalPi.id)).toMatchObject({
      paymentStatus: 'succeeded',
      stripeSubscriptionId: subscriptionId,
      campaignId: null,
      teamId: null,
      utmSource: null,
    });
    // Month two was already counted in the first charge's ten: nothing moves.
    expect(await figures(campaign)).toEqual(counted);
    const renewalRow = await t.donationOf(renewalPi.id);
    const matched = await t.app.database.db
      .select()
      .from(campaignMatches)
      .where(eq(campaignMatches.donationId, renewalRow.id));
    expect(matched).toEqual([]);
    const notes = await t.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'campaign.ambassador-mail'));
    const keys = notes.map((n) => n.idempotencyKey);
    expect(keys.filter((k) => k.startsWith(`ambassador-gift:${first.id}:`))).toHaveLength(1);
    expect(keys.some((k) => k.startsWith(`ambassador-gift:${renewalRow.id}`))).toBe(false);

    // The plan ends after two payments: the campaign and the team count those two.
    await deliverOk(
      t.standIn.event(
        'customer.subscription.deleted',
        t.standIn.cancelSubscription(subscriptionId),
      ),
    );
    const ended = await figures(campaign);
    expect(ended).toMatchObject({ raised: 36, matched: 36, team: 36, csvRows: 1 });
    expect(ended.analytics).toMatchObject({ gifts: 1, raised: 36 });
    const rows = await t.app.database.db
      .select()
      .from(donations)
      .where(eq(donations.stripeSubscriptionId, subscriptionId));
    expect(rows).toHaveLength(2);
  });
});
