import { and, eq, ne, sql } from 'drizzle-orm';
import {
  campaignTeams,
  campaigns,
  donations,
  type CampaignRow,
  type CampaignTeamRow,
} from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import {
  slugOfTeamName,
  type AdminTeamView,
  type AmbassadorRequestInput,
  type TeamInput,
} from '~/shared/schemas/campaign-teams';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import type { Place } from '~/server/lib/campaign-times';
import { welcomeOpenTeams } from './ambassador-mail';
import { campaignById } from './campaign-by-id';
import { touchCampaign } from './settle-gift';
import { stateOf } from './snapshot';
import { storedPhoto } from './stored-photo';
import { teamFigures, type TeamFigures } from './team-standings';
import { endedPlans } from './wall';

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

export function adminTeamViewOf({ row, raisedCents, donors }: TeamFigures): AdminTeamView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    leaderName: row.leaderName,
    leaderEmail: row.leaderEmail,
    goal: row.goalCents === null ? null : row.goalCents / 100,
    group: row.groupName,
    status: row.status,
    raised: raisedCents / 100,
    donors,
    createdAt: row.createdAt.toISOString(),
    ...storedPhoto(row.photoKey, row.name),
  };
}

/** Every team of a campaign, in the order they were asked for, with their figures. */
export async function listTeams(db: DatabaseExecutor, campaignId: string) {
  const campaign = await campaignById(db, campaignId);
  const figures = await teamFigures(db, campaign, await endedPlans(db, campaign.id));
  return figures.map(adminTeamViewOf);
}

async function viewOf(db: DatabaseExecutor, campaign: CampaignRow, teamId: string) {
  const figures = await teamFigures(db, campaign, await endedPlans(db, campaign.id));
  return adminTeamViewOf(figures.find((f) => f.row.id === teamId)!);
}

/** Whether any gift, of any state, was given through the team. */
async function hasGifts(db: DatabaseExecutor, teamId: string) {
  const [row] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.teamId, teamId))
    .limit(1);
  return row !== undefined;
}

async function slugTaken(
  db: DatabaseExecutor,
  campaignId: string,
  slug: string,
  id: string | null,
) {
  const [row] = await db
    .select({ id: campaignTeams.id })
    .from(campaignTeams)
    .where(
      and(
        eq(campaignTeams.campaignId, campaignId),
        eq(campaignTeams.slug, slug),
        id ? ne(campaignTeams.id, id) : undefined,
      ),
    );
  return Boolean(row);
}

/** A free slug made from the team's name: "katz-family", then "katz-family-2", and so on. */
async function freeSlug(db: DatabaseExecutor, campaignId: string, name: string) {
  const base = slugOfTeamName(name);
  for (let n = 1; n < 1000; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, campaignId, slug, null))) return slug;
  }
  throw new AppError('conflict', 'Too many teams have this name: please choose another.');
}

function auditEntry(
  action: 'team-created' | 'team-updated',
  campaign: CampaignRow,
  row: CampaignTeamRow,
  from?: CampaignTeamRow,
) {
  return {
    action,
    target: `campaign:${campaign.slug}/team:${row.slug}`,
    details: {
      status: row.status,
      goalCents: row.goalCents,
      group: row.groupName,
      ...(from && from.status !== row.status ? { statusFrom: from.status } : {}),
    },
  };
}

function columnsOf(input: TeamInput) {
  return {
    name: input.name,
    leaderName: input.leaderName,
    leaderEmail: input.leaderEmail,
    goalCents: cents(input.goal),
    groupName: input.group,
  };
}

/** The office's new team (approved unless it says otherwise), audited. */
export async function createTeam(
  db: Database,
  campaignId: string,
  input: TeamInput,
  ctx: AuditContext,
) {
  return db.transaction(async (tx) => {
    const campaign = await campaignById(tx, campaignId);
    await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for('update');
    const slug = input.slug ?? (await freeSlug(tx, campaignId, input.name));
    if (input.slug && (await slugTaken(tx, campaignId, slug, null))) {
      throw new AppError('validation_failed', 'Please check the team.', {
        slug: 'Another team of this campaign has this address: choose another',
      });
    }
    const [row] = await tx
      .insert(campaignTeams)
      .values({
        campaignId,
        slug,
        ...columnsOf(input),
        status: input.status ?? 'approved',
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await recordAuditBy(tx, ctx, auditEntry('team-created', campaign, row!));
    if (row!.status === 'approved') await touchCampaign(tx, campaignId);
    await welcomeOpenTeams(tx, campaign, ctx.now, row!.id);
    return viewOf(tx, campaign, row!.id);
  });
}

/**
 * The office's edit of a team: its details, its status (approve, decline). A team's address stays
 * once gifts were given through it, so the links already shared keep working.
 */
export async function updateTeam(
  db: Database,
  campaignId: string,
  teamId: string,
  input: TeamInput,
  ctx: AuditContext,
) {
  return db.transaction(async (tx) => {
    const campaign = await campaignById(tx, campaignId);
    const [before] = await tx
      .select()
      .from(campaignTeams)
      .where(and(eq(campaignTeams.id, teamId), eq(campaignTeams.campaignId, campaignId)))
      .for('update');
    if (!before) throw new AppError('not_found', 'There is no such team in this campaign.');
    const slug = input.slug ?? before.slug;
    if (slug !== before.slug) {
      if (await hasGifts(tx, teamId)) {
        throw new AppError('validation_failed', 'Please check the team.', {
          slug: 'Gifts came through this team’s link, so its address stays as it is: the links already shared would stop crediting it',
        });
      }
      if (await slugTaken(tx, campaignId, slug, teamId)) {
        throw new AppError('validation_failed', 'Please check the team.', {
          slug: 'Another team of this campaign has this address: choose another',
        });
      }
    }
    const [row] = await tx
      .update(campaignTeams)
      .set({
        slug,
        ...columnsOf(input),
        status: input.status ?? before.status,
        // A new leader address has not been told the team is open: it is welcomed on its own.
        ...(input.leaderEmail.toLowerCase() === before.leaderEmail.toLowerCase()
          ? {}
          : { leaderWelcomedAt: null }),
        updatedAt: ctx.now,
      })
      .where(eq(campaignTeams.id, teamId))
      .returning();
    await recordAuditBy(tx, ctx, auditEntry('team-updated', campaign, row!, before));
    // The snapshot shows approved teams: one that is, or was, changes what it shows.
    if (before.status === 'approved' || row!.status === 'approved') {
      await touchCampaign(tx, campaignId);
    }
    await welcomeOpenTeams(tx, campaign, ctx.now, row!.id);
    return viewOf(tx, campaign, teamId);
  });
}

/** How many requests one address may have waiting in one campaign: enough for a family. */
const OPEN_REQUESTS_PER_EMAIL = 3;

/** Why an ambassador's request for a campaign that has ended is refused, at the team's name. */
const campaignEndedForTeams =
  'This campaign has ended, so it takes no new teams. Thank you for offering to lead one.';

/**
 * An ambassador's request from the campaign page: a `requested` team the office approves or
 * declines; nothing public until then. The campaign must be published and not ended (a campaign
 * still open after its end takes gifts, and so teams).
 */
export async function requestTeam(
  db: Database,
  campaignSlug: string,
  input: AmbassadorRequestInput,
  now: Date,
  place: Place,
) {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.slug, campaignSlug), eq(campaigns.status, 'published')))
      .for('update');
    if (!campaign) throw new AppError('not_found', 'There is no such campaign.');
    if (stateOf(campaign, place, now) === 'ended') {
      throw new AppError('validation_failed', campaignEndedForTeams, {
        team: campaignEndedForTeams,
      });
    }
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignTeams)
      .where(
        and(
          eq(campaignTeams.campaignId, campaign.id),
          eq(campaignTeams.status, 'requested'),
          sql`lower(${campaignTeams.leaderEmail}) = ${input.email}`,
        ),
      );
    if (Number(open!.count) >= OPEN_REQUESTS_PER_EMAIL) {
      const message =
        'You already asked for teams in this campaign; the office will write to you about them.';
      throw new AppError('validation_failed', message, { email: message });
    }
    await tx.insert(campaignTeams).values({
      campaignId: campaign.id,
      slug: await freeSlug(tx, campaign.id, input.team),
      name: input.team,
      leaderName: input.name,
      leaderEmail: input.email,
      goalCents: cents(input.goal),
      status: 'requested',
      createdAt: now,
      updatedAt: now,
    });
  });
}
