import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, campaignTeams, donations, jobs } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';

// A gift the office received, credited to a team of its campaign: counted for the team once its
// money is in, as a card gift through the team's link is.

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'team-ledger' }));
});
afterAll(() => app.close());

let reference = 7000;
const cheque = (campaign: string | null, team: string | null, extra: object = {}) => ({
  name: 'Leah Stern',
  email: 'leah@example.org',
  amount: 100,
  method: 'check',
  receivedOn: isoDateIn(app.clock(), app.siteConfig.timeZone),
  reference: String(++reference),
  campaign,
  team,
  wall: campaign ? 'full' : null,
  ...extra,
});

const send = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
const record = (payload: object) => send('POST', '/api/admin/offline-gifts', payload);
const edit = (id: string, payload: object) =>
  send('PUT', `/api/admin/offline-gifts/${id}`, { reason: 'Typed wrongly', ...payload });
const clear = (id: string) => send('POST', `/api/admin/offline-gifts/${id}/clear`);
const read = async (url: string) =>
  (await app.inject({ method: 'GET', url, headers: admin.headers })).json();
const snapshot = (slug: string) => read(`/api/campaigns/${slug}`);

async function recorded(payload: object) {
  const res = await record(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().gift as { id: string; team: { slug: string; name: string } | null };
}

const leaderNotes = (donationId: string) =>
  app.database.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'campaign.ambassador-mail'),
        like(jobs.idempotencyKey, `ambassador-gift:${donationId}:%`),
      ),
    );

describe('a gift the office received, credited to a team', () => {
  it('counts for the team once cleared: total, donors, leader’s note, analytics, CSV; void takes it off', async () => {
    const campaign = await liveCampaign(app, admin);
    const team = await addTeam(app, admin, campaign.id, { group: 'Beth Medrash' });
    const gift = await recorded(cheque(campaign.slug, team.slug));
    expect(gift.team).toEqual({ slug: team.slug, name: 'The Katz Family' });
    const listed = (await read('/api/admin/offline-gifts')).gifts.find(
      (g: { id: string }) => g.id === gift.id,
    );
    expect(listed.team).toEqual({ slug: team.slug, name: 'The Katz Family' });
    // Pending: the cheque has not cleared, so the team has nothing yet and its leader is not told.
    expect((await snapshot(campaign.slug)).teams[0]).toMatchObject({ raised: 0, donors: 0 });
    expect(await leaderNotes(gift.id)).toHaveLength(0);

    const cleared = await clear(gift.id);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().gift.team).toEqual({ slug: team.slug, name: 'The Katz Family' });
    const after = await snapshot(campaign.slug);
    expect(after.teams[0]).toMatchObject({ slug: team.slug, raised: 100, donors: 1 });
    expect(after.groups).toEqual([{ name: 'Beth Medrash', raised: 100, donors: 1, teams: 1 }]);
    expect((await read(`/api/campaigns/${campaign.slug}/teams/${team.slug}`)).team).toMatchObject({
      raised: 100,
      donors: 1,
    });
    const [note] = await leaderNotes(gift.id);
    // The note names the gift only: who gave is read from it when the note goes.
    expect(note?.payload).toEqual({ note: 'gift', donationId: gift.id, teamId: team.id });
    const analytics = await read(`/api/admin/campaigns/${campaign.id}/analytics`);
    expect(analytics.byTeam).toEqual([
      { slug: team.slug, label: 'The Katz Family', donors: 1, gifts: 1, amount: 100 },
    ]);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaign.id}/gifts.csv`,
      headers: admin.headers,
    });
    expect(csv.body.trim().split('\r\n')[1]).toContain(',The Katz Family,');

    const voided = await send('POST', `/api/admin/offline-gifts/${gift.id}/void`, {
      reason: 'The bank returned it',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const gone = await snapshot(campaign.slug);
    expect(gone.teams[0]).toMatchObject({ raised: 0, donors: 0 });
    expect(gone.groups).toEqual([{ name: 'Beth Medrash', raised: 0, donors: 0, teams: 1 }]);
    expect((await read(`/api/admin/campaigns/${campaign.id}/analytics`)).byTeam).toEqual([]);
  });

  it('a correction credits a team, moves the gift to another, and keeps a team declined since', async () => {
    const campaign = await liveCampaign(app, admin);
    const katz = await addTeam(app, admin, campaign.id);
    const levi = await addTeam(app, admin, campaign.id, { name: 'The Levi Family' });
    const values = cheque(campaign.slug, null);
    const gift = await recorded(values);
    expect(gift.team).toBeNull();
    expect((await clear(gift.id)).statusCode).toBe(200);

    const credited = await edit(gift.id, { ...values, team: katz.slug });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().gift.team).toEqual({ slug: katz.slug, name: 'The Katz Family' });
    expect((await snapshot(campaign.slug)).teams).toEqual([
      expect.objectContaining({ slug: katz.slug, raised: 100, donors: 1 }),
      expect.objectContaining({ slug: levi.slug, raised: 0 }),
    ]);
    // Its money is in: the leader is told, as of a card gift through the team.
    expect(await leaderNotes(gift.id)).toHaveLength(1);
    const [audit] = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'offline-gift-edited'))
      .orderBy(desc(adminAuditLog.at))
      .limit(1);
    expect(audit?.details).toMatchObject({ before: { team: null }, after: { team: katz.id } });

    expect((await edit(gift.id, { ...values, team: levi.slug })).statusCode).toBe(200);
    const moved = await snapshot(campaign.slug);
    expect(moved.teams.find((t: { slug: string }) => t.slug === levi.slug).raised).toBe(100);
    expect(moved.teams.find((t: { slug: string }) => t.slug === katz.slug).raised).toBe(0);

    await app.database.db
      .update(campaignTeams)
      .set({ status: 'declined' })
      .where(eq(campaignTeams.id, levi.id));
    const kept = await edit(gift.id, { ...values, team: levi.slug, note: 'Cheque photo kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().gift.team).toEqual({ slug: levi.slug, name: 'The Levi Family' });
  });

  it('a pending gift moved to another campaign leaves its team, or is refused with that team', async () => {
    const campaign = await liveCampaign(app, admin);
    const other = await liveCampaign(app, admin);
    const team = await addTeam(app, admin, campaign.id);
    const values = cheque(campaign.slug, team.slug);
    const gift = await recorded(values);
    const refused = await edit(gift.id, { ...values, campaign: other.slug });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.team).toBe(
      'There is no such team in this campaign: choose one from the list',
    );
    const moved = await edit(gift.id, { ...values, campaign: other.slug, team: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().gift).toMatchObject({ campaign: { slug: other.slug }, team: null });
    const [row] = await app.database.db.select().from(donations).where(eq(donations.id, gift.id));
    expect(row).toMatchObject({ campaignId: other.id, teamId: null });
  });

  it('refuses a team of another campaign, one not approved or declined, an unknown one, and a team without a campaign', async () => {
    const campaign = await liveCampaign(app, admin);
    const other = await liveCampaign(app, admin);
    const foreign = await addTeam(app, admin, other.id, { name: 'Foreign team' });
    const waiting = await addTeam(app, admin, campaign.id, {
      name: 'Waiting team',
      status: 'requested',
    });
    const declined = await addTeam(app, admin, campaign.id, {
      name: 'Declined team',
      status: 'declined',
    });
    const refusals: [string | null, string | null, string][] = [
      [campaign.slug, foreign.slug, 'There is no such team in this campaign'],
      [campaign.slug, 'no-such-team', 'There is no such team in this campaign'],
      [campaign.slug, waiting.slug, 'This team is not approved yet'],
      [campaign.slug, declined.slug, 'This team was declined'],
      [null, foreign.slug, "A team is a campaign's: choose the campaign, or leave the team blank"],
    ];
    const values = cheque(campaign.slug, null);
    const gift = await recorded(values);
    for (const [slug, team, message] of refusals) {
      const res = await record(cheque(slug, team));
      expect(res.statusCode, `${slug} ${team}`).toBe(400);
      expect(res.json().error.fields.team).toContain(message);
      const corrected = await edit(gift.id, { ...values, campaign: slug, team });
      expect(corrected.statusCode, `edit ${slug} ${team}`).toBe(400);
      expect(corrected.json().error.fields.team).toContain(message);
    }
    // Only the first gift was recorded, and it is as it was.
    const rows = await app.database.db
      .select()
      .from(donations)
      .where(eq(donations.campaignId, campaign.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: gift.id, teamId: null });
  });
});
