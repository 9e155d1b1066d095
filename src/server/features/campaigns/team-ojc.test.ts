import { describe, expect, it } from 'vitest';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import {
  chargeOjcPayment,
  createOjcPayment,
  requestOjcPayment,
  setUpOjcTestApp,
} from '~tests/helpers/ojc';
import { postPageForm } from '~tests/helpers/page-forms';

// An OJC gift through a team, by the checkout's API and by its form without JavaScript.

const ojc = setUpOjcTestApp({}, { admin: { username: 'ojc-team-office' } });

const teamOf = async (slug: string) =>
  (await ojc.app.inject({ method: 'GET', url: `/api/campaigns/${slug}` })).json().teams[0];

describe('an OJC gift through a team', () => {
  it('is credited to the team once OJC approves the charge', async () => {
    const campaign = await liveCampaign(ojc.app, ojc.admin);
    const team = await addTeam(ojc.app, ojc.admin, campaign.id);
    const paymentId = await createOjcPayment(ojc.app, {
      amount: 72,
      campaign: campaign.slug,
      team: team.slug,
      wall: 'full',
    });
    expect(await ojc.donationOf(paymentId)).toMatchObject({
      campaignId: campaign.id,
      teamId: team.id,
    });
    expect(await teamOf(campaign.slug)).toMatchObject({ raised: 0, donors: 0 });
    expect((await chargeOjcPayment(ojc.app, paymentId)).statusCode).toBe(200);
    expect(await teamOf(campaign.slug)).toMatchObject({ raised: 72, donors: 1 });
  });

  it('is refused for a team not approved, with the field’s message', async () => {
    const campaign = await liveCampaign(ojc.app, ojc.admin);
    const team = await addTeam(ojc.app, ojc.admin, campaign.id, { status: 'requested' });
    const res = await requestOjcPayment(ojc.app, { campaign: campaign.slug, team: team.slug });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.team).toContain('Your gift was not taken');
  });

  it('without JavaScript: the team in the checkout’s address is credited, a foreign one refused', async () => {
    const campaign = await liveCampaign(ojc.app, ojc.admin);
    const other = await liveCampaign(ojc.app, ojc.admin);
    const team = await addTeam(ojc.app, ojc.admin, campaign.id);
    const foreign = await addTeam(ojc.app, ojc.admin, other.id, { name: 'Foreign' });
    const fields = {
      _form: 'ojc-checkout',
      name: 'Sarah Cohen',
      email: 'sarah.team@example.org',
      website: '',
    };
    const checkout = (teamSlug: string) =>
      `/checkout?amount=54&type=onetime&method=ojc&campaign=${campaign.slug}&wall=full&team=${teamSlug}`;
    // The checkout page names the team.
    const page = await ojc.app.inject({ method: 'GET', url: checkout(team.slug) });
    expect(page.body).toContain('The Katz Family');

    const res = await postPageForm(ojc.app, checkout(team.slug), {
      ...fields,
      attempt: 'team-page-attempt-0001',
    });
    expect(res.statusCode, res.body).toBe(303);
    const paymentId = res.headers.location!.split('/').pop()!;
    expect(await ojc.donationOf(paymentId)).toMatchObject({ teamId: team.id });

    const refused = await postPageForm(ojc.app, checkout(foreign.slug), {
      ...fields,
      attempt: 'team-page-attempt-0002',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Your gift was not taken');
  });
});
