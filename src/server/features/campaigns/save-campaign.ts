import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  campaignMatchers,
  campaignMatches,
  campaigns,
  donations,
  type CampaignRow,
} from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { CampaignInput, CampaignRecord } from '~/shared/schemas/campaigns';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { welcomeOpenTeams } from './ambassador-mail';
import { touchCampaign, usedCentsOf } from './settle-gift';

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => c / 100;

function refuse(field: string, message: string): never {
  throw new AppError('validation_failed', message, { [field]: message });
}

function columnsOf(input: CampaignInput) {
  return {
    slug: input.slug,
    title: input.title,
    story: input.story,
    goalCents: cents(input.goal),
    bonusGoalsCents: (input.bonusGoals ?? []).map(cents),
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    openUntil: input.openUntil ? new Date(input.openUntil) : null,
    recurringMonths: input.recurringMonths ?? 12,
    pauseForShabbat: input.pauseForShabbat ?? true,
    fund: input.fund,
    offlineGiftsMatched: input.offlineGiftsMatched ?? false,
    ambassadorMailShowsAmount: input.ambassadorMailShowsAmount ?? false,
    embedOrigins: input.embedOrigins ?? [],
    shareText: input.shareText,
    status: input.status ?? ('draft' as const),
  };
}

async function refuseTakenSlug(tx: DatabaseExecutor, slug: string, ownId: string | null) {
  const [other] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      ownId ? and(eq(campaigns.slug, slug), ne(campaigns.id, ownId)) : eq(campaigns.slug, slug),
    );
  if (other) refuse('slug', 'Another campaign already has this slug; please choose another');
}

export async function campaignViewOf(
  tx: DatabaseExecutor,
  campaign: CampaignRow,
): Promise<CampaignRecord> {
  const matchers = await tx
    .select()
    .from(campaignMatchers)
    .where(eq(campaignMatchers.campaignId, campaign.id))
    .orderBy(asc(campaignMatchers.position));
  const used = await usedCentsOf(
    tx,
    matchers.map((m) => m.id),
  );
  const matched = await matchedIdsOf(
    tx,
    matchers.map((m) => m.id),
  );
  return {
    id: campaign.id,
    slug: campaign.slug,
    title: campaign.title,
    story: campaign.story,
    goal: dollars(campaign.goalCents),
    bonusGoals: campaign.bonusGoalsCents.map(dollars),
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    openUntil: campaign.openUntil?.toISOString() ?? null,
    recurringMonths: campaign.recurringMonths,
    pauseForShabbat: campaign.pauseForShabbat,
    fund: campaign.fund,
    offlineGiftsMatched: campaign.offlineGiftsMatched,
    ambassadorMailShowsAmount: campaign.ambassadorMailShowsAmount,
    embedOrigins: campaign.embedOrigins,
    shareText: campaign.shareText,
    status: campaign.status,
    matchers: matchers.map((m) => ({
      id: m.id,
      hasMatched: matched.has(m.id),
      name: m.name,
      ratio: m.ratioHundredths / 100,
      cap: dollars(m.capCents),
      used: dollars(used.get(m.id) ?? 0),
    })),
  };
}

/** Whether any gift, in whatever state, names the campaign. */
async function hasGifts(tx: DatabaseExecutor, campaignId: string) {
  const [gift] = await tx
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.campaignId, campaignId))
    .limit(1);
  return Boolean(gift);
}

/**
 * Once a published campaign has started, its goal and bonus goals stay as donors first saw
 * them: a goalpost is never moved, up or down. Once it has started or has a gift, what decides
 * a gift's figures (the months counted, whether offline gifts are matched, the Shabbat pause that
 * sets the end) stays too, and it is not taken back to a draft.
 */
function refuseMovedGoalposts(
  before: CampaignRow,
  after: ReturnType<typeof columnsOf>,
  now: Date,
  gifts: boolean,
) {
  const started = before.status === 'published' && before.startsAt.getTime() <= now.getTime();
  if (started || gifts) {
    const why = started ? 'The campaign has started' : 'The campaign has gifts';
    if (after.recurringMonths !== before.recurringMonths) {
      refuse(
        'recurringMonths',
        `${why}: the months a monthly gift counts stay as they were and cannot change`,
      );
    }
    if (after.offlineGiftsMatched !== before.offlineGiftsMatched) {
      refuse(
        'offlineGiftsMatched',
        `${why}: whether offline gifts are matched stays as it was and cannot change`,
      );
    }
    if (after.pauseForShabbat !== before.pauseForShabbat) {
      refuse(
        'pauseForShabbat',
        `${why}: the pause for Shabbat and Yom Tov, which sets its end, cannot change`,
      );
    }
    if (before.status === 'published' && after.status === 'draft') {
      refuse('status', `${why}: it stays published and cannot go back to a draft`);
    }
  }
  if (!started) return;
  if (after.goalCents !== before.goalCents) {
    refuse('goal', 'The campaign has started: its goal stays as donors saw it and cannot change');
  }
  if (JSON.stringify(after.bonusGoalsCents) !== JSON.stringify(before.bonusGoalsCents)) {
    refuse(
      'bonusGoals',
      'The campaign has started: its bonus goals stay as donors saw them and cannot change',
    );
  }
  if (after.startsAt.getTime() !== before.startsAt.getTime()) {
    refuse('startsAt', 'The campaign has started: its start cannot move');
  }
}

/** The ids of the matchers that ever matched a gift (a released match included). */
async function matchedIdsOf(tx: DatabaseExecutor, matcherIds: string[]) {
  if (matcherIds.length === 0) return new Set<string>();
  const rows = await tx
    .selectDistinct({ matcherId: campaignMatches.matcherId })
    .from(campaignMatches)
    .where(inArray(campaignMatches.matcherId, matcherIds));
  return new Set(rows.map((r) => r.matcherId));
}

/**
 * The matchers as sent: a kept one named by its id, a new one without. A matcher that has matched
 * a gift keeps its ratio and its place, and is not removed, so the money it gave stays its own
 * and a later refund trims it at the ratio it was given at; its cap may rise (never below what
 * it has given) and its name may change.
 */
async function saveMatchers(tx: DatabaseExecutor, campaignId: string, input: CampaignInput) {
  const wanted = input.matchers ?? [];
  const existing = await tx
    .select()
    .from(campaignMatchers)
    .where(eq(campaignMatchers.campaignId, campaignId))
    .orderBy(asc(campaignMatchers.position));
  const ids = existing.map((m) => m.id);
  const used = await usedCentsOf(tx, ids);
  const matched = await matchedIdsOf(tx, ids);
  const byId = new Map(existing.map((m) => [m.id, m]));
  const seen = new Set<string>();
  for (const [i, next] of wanted.entries()) {
    if (next.id === undefined) continue;
    const m = byId.get(next.id);
    if (!m || seen.has(next.id)) {
      refuse(
        `matchers.${i}.name`,
        'This matcher is not one of this campaign; please reload the page',
      );
    }
    seen.add(m.id);
    if (!matched.has(m.id)) continue;
    if (cents(next.ratio) !== m.ratioHundredths) {
      refuse(
        `matchers.${i}.ratio`,
        `${m.name} has matched gifts at this ratio, so it cannot change; add a new matcher for another ratio`,
      );
    }
    if (existing.indexOf(m) !== i) {
      refuse(
        'matchers',
        `${m.name} has matched gifts, so it stays matcher ${existing.indexOf(m) + 1}; new matchers go after it`,
      );
    }
    const usedCents = used.get(m.id) ?? 0;
    if (cents(next.cap) < usedCents) {
      refuse(
        `matchers.${i}.cap`,
        `${m.name} has already given $${dollars(usedCents).toLocaleString('en-US')}; the cap cannot be lower`,
      );
    }
  }
  for (const m of existing) {
    if (seen.has(m.id)) continue;
    if (matched.has(m.id)) {
      refuse(
        'matchers',
        `${m.name} has matched gifts and cannot be removed; lower the cap to what is used instead`,
      );
    }
    await tx.delete(campaignMatchers).where(eq(campaignMatchers.id, m.id));
  }
  // Out of the way first: two kept matchers may trade places, and a place is unique.
  for (const [i, m] of existing.filter((e) => seen.has(e.id)).entries()) {
    await tx
      .update(campaignMatchers)
      .set({ position: -1 - i })
      .where(eq(campaignMatchers.id, m.id));
  }
  for (const [i, next] of wanted.entries()) {
    const values = {
      position: i,
      name: next.name,
      ratioHundredths: cents(next.ratio),
      capCents: cents(next.cap),
    };
    if (next.id === undefined) {
      await tx.insert(campaignMatchers).values({ campaignId, ...values });
    } else {
      await tx.update(campaignMatchers).set(values).where(eq(campaignMatchers.id, next.id));
    }
  }
}

export async function createCampaign(db: Database, input: CampaignInput, ctx: AuditContext) {
  return db.transaction(async (tx) => {
    await refuseTakenSlug(tx, input.slug, null);
    const [row] = await tx
      .insert(campaigns)
      .values({ ...columnsOf(input), createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    await saveMatchers(tx, row!.id, input);
    await recordAuditBy(tx, ctx, auditEntry('campaign-created', row!));
    return campaignViewOf(tx, row!);
  });
}

export async function updateCampaign(
  db: Database,
  id: string,
  input: CampaignInput,
  ctx: AuditContext,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!before) throw new AppError('not_found', 'There is no such campaign.');
    await refuseTakenSlug(tx, input.slug, id);
    // A save that does not name a status keeps the one stored.
    const after = { ...columnsOf(input), status: input.status ?? before.status };
    refuseMovedGoalposts(before, after, ctx.now, await hasGifts(tx, id));
    const [row] = await tx
      .update(campaigns)
      .set({ ...after, updatedAt: ctx.now })
      .where(eq(campaigns.id, id))
      .returning();
    await saveMatchers(tx, id, input);
    await touchCampaign(tx, id);
    // Teams opened while the campaign was a draft hear of it once it is public.
    if (before.status !== 'published') await welcomeOpenTeams(tx, row!, ctx.now);
    await recordAuditBy(tx, ctx, auditEntry('campaign-updated', row!));
    return campaignViewOf(tx, row!);
  });
}

export async function listCampaigns(db: Database) {
  const rows = await db.select().from(campaigns).orderBy(asc(campaigns.startsAt));
  return Promise.all(rows.map((row) => campaignViewOf(db, row)));
}

function auditEntry(action: 'campaign-created' | 'campaign-updated', row: CampaignRow) {
  return {
    action,
    target: `campaign:${row.slug}`,
    details: { status: row.status, goalCents: row.goalCents },
  };
}
