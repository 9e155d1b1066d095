import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignTeams } from '~/db/schema';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import type { TestApp } from '~tests/helpers/app';
import { addTeam, saveTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import { insertDonations } from '~tests/helpers/donations';
import { pageData, postPageForm, postRefusedPageForm } from '~tests/helpers/page-forms';

// An ambassador asks for a team from the campaign page (the API, or the form without
// JavaScript); the office approves or declines it, audited; only approved teams are public.

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'teams-office' }));
  return () => app.close();
});

const ask = (slug: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/campaigns/${slug}/teams`, payload });

const teamsOf = (campaignId: string) =>
  app.database.db.select().from(campaignTeams).where(eq(campaignTeams.campaignId, campaignId));

describe('an ambassador’s request', () => {
  it('is a requested team, not public until the office approves it (audited)', async () => {
    const campaign = await liveCampaign(app, admin);
    const res = await ask(campaign.slug, {
      name: 'Chana Weiss',
      email: 'Chana@Example.org',
      team: 'The Weiss Shiur!',
      goal: '1,800',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toContain('The office will look at your team');
    const [row] = await teamsOf(campaign.id);
    expect(row).toMatchObject({
      slug: 'the-weiss-shiur',
      name: 'The Weiss Shiur!',
      leaderName: 'Chana Weiss',
      leaderEmail: 'chana@example.org',
      goalCents: 180_000,
      status: 'requested',
    });
    const snapshot = async () =>
      (await app.inject({ method: 'GET', url: `/api/campaigns/${campaign.slug}` })).json();
    expect((await snapshot()).teams).toEqual([]);
    const page = `/campaign/${campaign.slug}/team/${row!.slug}`;
    expect((await app.inject({ method: 'GET', url: page })).statusCode).toBe(404);

    const list = await app.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaign.id}/teams`,
      headers: admin.headers,
    });
    expect(list.json().teams).toEqual([
      expect.objectContaining({ id: row!.id, status: 'requested', raised: 0, donors: 0 }),
    ]);
    // The office's form sends the request's team as asked, with its decision.
    const decide = (changes: Record<string, unknown>) =>
      saveTeam(
        app,
        admin,
        { campaignId: campaign.id, id: row!.id },
        {
          name: 'The Weiss Shiur',
          leaderName: 'Chana Weiss',
          leaderEmail: 'chana@example.org',
          ...changes,
        },
      );
    const approve = await decide({ goal: 1800, group: 'Bais Yaakov', status: 'approved' });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().team).toMatchObject({ status: 'approved', group: 'Bais Yaakov' });
    expect((await snapshot()).teams).toEqual([
      expect.objectContaining({ slug: 'the-weiss-shiur', name: 'The Weiss Shiur', goal: 1800 }),
    ]);
    const shown = await app.inject({ method: 'GET', url: page });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('The Weiss Shiur');
    expect(shown.body).not.toContain('chana@example.org');
    const audit = await auditEntries(
      app,
      'team-updated',
      `campaign:${campaign.slug}/team:the-weiss-shiur`,
    );
    expect(audit[0]?.details).toMatchObject({ status: 'approved', statusFrom: 'requested' });

    // Declined, it leaves the board and its page.
    const decline = await decide({ status: 'declined' });
    expect(decline.statusCode).toBe(200);
    expect((await snapshot()).teams).toEqual([]);
    expect((await app.inject({ method: 'GET', url: page })).statusCode).toBe(404);
  });

  it('keeps a team’s address once a gift came through it: the shared links go on crediting it', async () => {
    const campaign = await liveCampaign(app, admin);
    const team = await addTeam(app, admin, campaign.id, { name: 'The Roth Family' });
    const rename = (slug: string) =>
      saveTeam(
        app,
        admin,
        { campaignId: campaign.id, id: team.id },
        {
          name: 'The Roth Family',
          leaderName: 'Reuven Katz',
          leaderEmail: 'reuven@example.org',
          slug,
        },
      );
    // No gift yet: the office may still change it.
    const early = await rename('roth-family');
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().team.slug).toBe('roth-family');

    await insertDonations(app, [{ campaignId: campaign.id, teamId: team.id, amountCents: 3600 }]);
    const late = await rename('the-roths');
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.slug).toMatch(/^Gifts came through this team’s link/);
    const [row] = await app.database.db
      .select()
      .from(campaignTeams)
      .where(eq(campaignTeams.id, team.id));
    expect(row!.slug).toBe('roth-family');
  });

  it('bad input gets a plain message per field and stores nothing', async () => {
    const campaign = await liveCampaign(app, admin);
    const res = await ask(campaign.slug, { name: ' ', email: 'nope', team: '', goal: '12.50' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.name).toBe('Please enter your name');
    expect(fields.email).toMatch(/valid email/i);
    expect(fields.team).toBe('Please enter the name of your team');
    expect(fields.goal).toBe('The goal must be a whole number of dollars, like 1800');
    const tooBig = await ask(campaign.slug, {
      name: 'A',
      email: 'a@example.org',
      team: 'T',
      goal: 99_999_999,
    });
    expect(tooBig.json().error.fields.goal).toContain('from $1 to');
    expect(await teamsOf(campaign.id)).toEqual([]);
    const unknown = await ask('no-such-campaign', {
      name: 'A',
      email: 'a@example.org',
      team: 'T',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is refused at the team’s name once the campaign has ended; still taken while it is open after', async () => {
    const hours = (h: number) => new Date(app.clock().getTime() + h * 3_600_000).toISOString();
    const ambassador = { name: 'Chana Weiss', email: 'late@example.org', team: 'Late Shiur' };
    const ended = await liveCampaign(app, admin, { startsAt: hours(-48), endsAt: hours(-24) });
    const refused = await ask(ended.slug, ambassador);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      team: 'This campaign has ended, so it takes no new teams. Thank you for offering to lead one.',
    });
    expect(await teamsOf(ended.id)).toEqual([]);
    const open = await liveCampaign(app, admin, {
      startsAt: hours(-48),
      endsAt: hours(-24),
      openUntil: hours(24),
    });
    expect((await ask(open.slug, ambassador)).statusCode).toBe(201);
    expect(await teamsOf(open.id)).toHaveLength(1);
  });

  it('works without JavaScript: posted to the campaign page, or sent back with the messages', async () => {
    const campaign = await liveCampaign(app, admin);
    const url = `/campaign/${campaign.slug}`;
    const done = await postPageForm(app, url, {
      _form: 'ambassador-request',
      name: 'Dovid Roth',
      email: 'dovid@example.org',
      team: 'Roth cousins',
      goal: '',
      website: '',
    });
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe(`${url}?sent=ambassador-request#ambassador`);
    expect(await teamsOf(campaign.id)).toEqual([
      expect.objectContaining({ slug: 'roth-cousins', goalCents: null, status: 'requested' }),
    ]);
    const thanks = await app.inject({ method: 'GET', url: `${url}?sent=ambassador-request` });
    expect(thanks.body).toContain('The office will look at your team');

    const refused = await postRefusedPageForm(
      app,
      url,
      {
        _form: 'ambassador-request',
        name: 'Dovid Roth',
        email: 'not-an-email',
        team: '',
        website: '',
      },
      ['Please enter the name of your team'],
    );
    expect(refused.body).toContain('value="Dovid Roth"');
    expect(pageData(refused.body).form).toMatchObject({ name: 'ambassador-request' });
  });

  it('the office’s team: a free address from the name, a taken one refused, bad input refused', async () => {
    const campaign = await liveCampaign(app, admin);
    const first = await addTeam(app, admin, campaign.id);
    const second = await addTeam(app, admin, campaign.id);
    expect([first.slug, second.slug]).toEqual(['the-katz-family', 'the-katz-family-2']);
    expect(first.status).toBe('approved');
    const taken = await app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/teams`,
      headers: admin.headers,
      payload: {
        slug: 'the-katz-family',
        name: 'Another',
        leaderName: 'L',
        leaderEmail: 'l@example.org',
      },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields.slug).toContain('Another team of this campaign');
    const bad = await app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/teams`,
      headers: admin.headers,
      payload: { slug: 'Bad Slug', name: '', leaderName: '', leaderEmail: 'x', status: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(
      ['leaderEmail', 'leaderName', 'name', 'slug', 'status'].sort(),
    );
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaign.id}/teams`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
