import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';
import { signIn } from '~tests/helpers/admin';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import { insertDonations } from '~tests/helpers/donations';
import { touchCampaign } from './settle-gift';
import { readTeamView } from './team-page-data';

// A gift moves the campaign's version: every open page of a team asks for its new wall at once.
// They share one build of it (each build is a new object), and the next version is built anew.

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('a team’s wall after a gift', () => {
  it('is built once for the reads that ask together, and again for the next version', async () => {
    const admin = await signIn(app, { username: 'wall-build-office' });
    const campaign = await liveCampaign(app, admin);
    const team = await addTeam(app, admin, campaign.id);
    const gift = async (donorName: string) => {
      await insertDonations(app, [
        { campaignId: campaign.id, teamId: team.id, donorName, wallDisplay: 'full' },
      ]);
      await touchCampaign(app.database.db, campaign.id);
    };
    const readTogether = () =>
      Promise.all(Array.from({ length: 8 }, () => readTeamView(app, campaign.slug, team.slug)));

    await gift('Leah Stern');
    const first = await readTogether();
    expect(first[0]!.wall.map((w) => w.name)).toEqual(['Leah Stern']);
    for (const view of first) expect(view).toBe(first[0]);
    // Read again at the same version: the same build.
    expect(await readTeamView(app, campaign.slug, team.slug)).toBe(first[0]);

    await gift('Miriam Levi');
    const second = await readTogether();
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]!.version).toBeGreaterThan(first[0]!.version);
    expect(second[0]!.wall.map((w) => w.name)).toEqual(['Miriam Levi', 'Leah Stern']);
    for (const view of second) expect(view).toBe(second[0]);
  });
});
