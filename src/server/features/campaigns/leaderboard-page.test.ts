import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import { insertDonations } from '~tests/helpers/donations';
import { touchCampaign } from './settle-gift';

// The campaign page's leaderboard as the server renders it from the received gifts, in each of
// its orders (`?board=`): by amount, by donors, by how close each team is to its goal.

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'leaderboard-office' }));
});
afterAll(() => app.close());

/** The team pages linked from the page's leaderboard, in its order. */
async function boardOf(slug: string, board?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/campaign/${slug}${board ? `?board=${board}` : ''}`,
  });
  expect(res.statusCode).toBe(200);
  const section = res.body.slice(res.body.indexOf('id="teams"'));
  const ranking = section.slice(section.indexOf('<ol'), section.indexOf('</ol>'));
  return [...ranking.matchAll(/href="\/campaign\/[^/]+\/team\/([^"]+)"/g)].map((m) => m[1]);
}

describe('the campaign page’s leaderboard', () => {
  it('orders the teams by amount, by donors and by goal, from the gifts received', async () => {
    const campaign = await liveCampaign(app, admin);
    const team = async (name: string, goal: number | null) =>
      (await addTeam(app, admin, campaign.id, { name, goal })).id;
    const alpha = await team('Alpha', 3000);
    const beta = await team('Beta', 250);
    const gamma = await team('Gamma', 100);
    const delta = await team('Delta', null);
    const gifts: [string, number, string][] = [
      // Alpha: $300 from one donor, 10% of its goal.
      [alpha, 300, 'a1'],
      // Beta: $200 from three, 80%.
      [beta, 100, 'b1'],
      [beta, 50, 'b2'],
      [beta, 50, 'b3'],
      // Gamma: $100 from two, its whole goal.
      [gamma, 60, 'g1'],
      [gamma, 40, 'g2'],
      // Delta: $150 from one, no goal.
      [delta, 150, 'd1'],
    ];
    await insertDonations(
      app,
      gifts.map(([teamId, dollars, who]) => ({
        campaignId: campaign.id,
        teamId,
        amountCents: dollars * 100,
        email: `${who}@example.org`,
        wallDisplay: 'full',
      })),
    );
    // Not received: counts for no order.
    await insertDonations(app, [
      { campaignId: campaign.id, teamId: delta, amountCents: 90_000, paymentStatus: 'pending' },
    ]);
    await touchCampaign(app.database.db, campaign.id);

    expect(await boardOf(campaign.slug)).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(await boardOf(campaign.slug, 'amount')).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    // By donors: a tie of one donor each goes to the larger amount.
    expect(await boardOf(campaign.slug, 'donors')).toEqual(['beta', 'gamma', 'alpha', 'delta']);
    // By goal: a team without one comes last.
    expect(await boardOf(campaign.slug, 'goal')).toEqual(['gamma', 'beta', 'alpha', 'delta']);
    // Anything else is the amount's order.
    expect(await boardOf(campaign.slug, 'nonsense')).toEqual(['alpha', 'beta', 'delta', 'gamma']);
  });
});
