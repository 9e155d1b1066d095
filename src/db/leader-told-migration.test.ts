import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBeforeMigration } from '~tests/helpers/migrations';

/**
 * Before migration 0033 a leader's mails went once only while the outbox remembered them: the
 * gifts and teams of a site updated then count as told already, so none is mailed again.
 */

let site: Awaited<ReturnType<typeof databaseBeforeMigration>>;
beforeAll(async () => {
  site = await databaseBeforeMigration(33);
});
afterAll(() => site.close());

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

it('marks the received gifts through a team told, and the approved teams of published campaigns welcomed', async () => {
  const { db } = site.database;
  const insert = async (status: string, slug: string) =>
    rowsOf(
      await db.execute(sql`
        insert into campaigns (slug, title, goal_cents, starts_at, ends_at, status)
        values (${slug}, 'Day', 100000, '2030-01-01T12:00:00Z', '2030-01-02T12:00:00Z', ${status})
        returning id`),
    )[0]!.id as string;
  const live = await insert('published', 'migrated-live');
  const draft = await insert('draft', 'migrated-draft');
  const team = async (campaignId: string, slug: string, status: string) =>
    rowsOf(
      await db.execute(sql`
        insert into campaign_teams (campaign_id, slug, name, leader_name, leader_email, status)
        values (${campaignId}, ${slug}, ${slug}, 'Leader', 'leader@example.org', ${status})
        returning id`),
    )[0]!.id as string;
  const approved = await team(live, 'approved', 'approved');
  await team(live, 'requested', 'requested');
  await team(draft, 'in-draft', 'approved');
  for (const [amount, status, teamId] of [
    [100, 'succeeded', approved],
    [200, 'refunded', approved],
    [300, 'pending', approved],
    [400, 'succeeded', null],
  ] as const) {
    await db.execute(sql`
      insert into donations (amount_cents, donation_type, payment_method, payment_status, campaign_id, team_id)
      values (${amount}, 'onetime', 'stripe', ${status}, ${live}, ${teamId})`);
  }
  await site.migrateRest();

  const gifts = rowsOf(
    await db.execute(
      sql`select amount_cents, leader_told_team_ids from donations order by amount_cents`,
    ),
  );
  expect(gifts).toEqual([
    { amount_cents: 100, leader_told_team_ids: [approved] },
    { amount_cents: 200, leader_told_team_ids: [approved] },
    { amount_cents: 300, leader_told_team_ids: [] },
    { amount_cents: 400, leader_told_team_ids: [] },
  ]);
  const teams = rowsOf(
    await db.execute(
      sql`select slug, leader_welcomed_at is not null as welcomed from campaign_teams order by slug`,
    ),
  );
  expect(teams).toEqual([
    { slug: 'approved', welcomed: true },
    { slug: 'in-draft', welcomed: false },
    { slug: 'requested', welcomed: false },
  ]);
});
