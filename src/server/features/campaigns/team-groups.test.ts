import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import { touchCampaign } from './settle-gift';

// A group's donors are people, not teams' counts added up: one who gave through two teams of the
// group counts once there (and once in each team).

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'group-office' }));
});
afterAll(() => app.close());

describe('a campaign’s groups', () => {
  it('count each donor once, however many of the group’s teams they gave through', async () => {
    const campaign = await liveCampaign(app, admin);
    const katz = await addTeam(app, admin, campaign.id, { group: 'Beth Medrash' });
    // The same group however the office typed its case.
    const levi = await addTeam(app, admin, campaign.id, {
      name: 'The Levi Family',
      group: 'beth medrash',
    });
    const yeshiva = await addTeam(app, admin, campaign.id, {
      name: 'Yeshiva boys',
      group: 'Yeshiva',
    });
    const gift = (teamId: string, values: Partial<typeof donations.$inferInsert> = {}) => ({
      amountCents: 1000,
      donationType: 'onetime' as const,
      paymentMethod: 'stripe' as const,
      paymentStatus: 'succeeded' as const,
      campaignId: campaign.id,
      teamId,
      ...values,
    });
    await app.database.db.insert(donations).values([
      gift(katz.id, { email: 'leah@example.org' }),
      gift(levi.id, { email: 'Leah@Example.org' }),
      gift(katz.id, { email: 'miriam@example.org' }),
      // No email: a donor of its own.
      gift(levi.id),
      gift(yeshiva.id, { email: 'leah@example.org' }),
      // Money not in, or taken back by the office: no donor.
      gift(levi.id, { email: 'pending@example.org', paymentStatus: 'pending' }),
      gift(katz.id, { email: 'void@example.org', voidedAt: new Date() }),
    ]);
    await touchCampaign(app.database.db, campaign.id);

    const res = await app.inject({ method: 'GET', url: `/api/campaigns/${campaign.slug}` });
    expect(res.statusCode, res.body).toBe(200);
    const { teams, groups } = res.json();
    expect(
      teams.map((t: { slug: string; raised: number; donors: number }) => [
        t.slug,
        t.raised,
        t.donors,
      ]),
    ).toEqual([
      [katz.slug, 20, 2],
      [levi.slug, 20, 2],
      [yeshiva.slug, 10, 1],
    ]);
    // Leah gave through both Beth Medrash teams: three donors there, not four.
    expect(groups).toEqual([
      { name: 'Beth Medrash', raised: 40, donors: 3, teams: 2 },
      { name: 'Yeshiva', raised: 10, donors: 1, teams: 1 },
    ]);
  });
});
