import { and, eq } from 'drizzle-orm';
import { campaignTeams, campaigns } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { giftStart } from '~/shared/campaign-clock';
import { AppError } from '~/server/errors';
import type { Place } from '~/server/lib/campaign-times';
import { timesOf } from './snapshot';

const notTaking = (message: string) =>
  new AppError('validation_failed', message, { campaign: message });

/**
 * The campaign a new gift is for, by its slug: published and taking gifts now (live or still
 * open, not before the start, in a Shabbat or Yom Tov pause, or after the end). A gift for an
 * unknown campaign, or one taking none now, is refused plainly before any payment is set up.
 * Only the start of a payment asks: a payment started in time completes and counts whenever its
 * webhook arrives.
 */
export async function campaignForGift(
  db: DatabaseExecutor,
  slug: string | null | undefined,
  now: Date,
  place: Place,
): Promise<string | null> {
  if (!slug) return null;
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!campaign || campaign.status !== 'published') {
    throw notTaking('There is no such campaign. Your gift was not taken; please give without it.');
  }
  const start = giftStart(timesOf(campaign, place), now, place.timeZone);
  if (!start.allowed) throw notTaking(start.message);
  return campaign.id;
}

/** A published campaign's name, for the checkout that carries its slug; null for any other. */
export async function campaignNamed(
  db: DatabaseExecutor,
  slug: string,
): Promise<{ slug: string; title: string } | null> {
  const [campaign] = await db
    .select({ slug: campaigns.slug, title: campaigns.title })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), eq(campaigns.status, 'published')));
  return campaign ?? null;
}

/**
 * The campaign a gift the office received belongs to, by its slug: any published campaign (a
 * cheque handed over during the campaign may be typed in days later). A draft or unknown one is
 * refused with the field's message.
 */
export async function campaignForOfficeGift(db: DatabaseExecutor, slug: string) {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!campaign || campaign.status !== 'published') {
    const message = campaign
      ? 'This campaign is not published yet: publish it first, or choose another'
      : 'There is no campaign with this address: choose one from the list';
    throw new AppError('validation_failed', 'Please check the campaign.', { campaign: message });
  }
  return campaign;
}

/** Why a team named with a gift is refused: the gift is never quietly moved off the team. */
export const teamRefusedMessage =
  'This team is not taking gifts on this site. Your gift was not taken; please give to the campaign without the team.';

/**
 * The team a new gift is credited to, by its slug: an approved team of the gift's own campaign
 * (a team of another campaign, or one asked for and not approved yet, is refused with the
 * field's message before any payment is set up). Nothing without a team.
 */
export async function teamForGift(
  db: DatabaseExecutor,
  campaignId: string | null,
  teamSlug: string | null | undefined,
): Promise<string | null> {
  if (!teamSlug) return null;
  if (!campaignId) {
    const message = 'A team takes gifts for its campaign only: give from the team’s page.';
    throw new AppError('validation_failed', message, { team: message });
  }
  const [team] = await db
    .select({ id: campaignTeams.id })
    .from(campaignTeams)
    .where(
      and(
        eq(campaignTeams.campaignId, campaignId),
        eq(campaignTeams.slug, teamSlug),
        eq(campaignTeams.status, 'approved'),
      ),
    );
  if (!team) {
    throw new AppError('validation_failed', teamRefusedMessage, { team: teamRefusedMessage });
  }
  return team.id;
}

const officeTeamMessages = {
  missing: 'There is no such team in this campaign: choose one from the list',
  requested:
    'This team is not approved yet: approve it under the campaign’s teams, or choose another',
  declined: 'This team was declined: choose another, or leave the team blank',
} as const;

/**
 * The team a gift the office received is credited to, by its slug: an approved team of the
 * gift's campaign, refused with the field's message otherwise. The team a gift already has
 * (`keptTeamId`) stays whatever became of it since: correcting another field never moves the
 * gift off it.
 */
export async function teamForOfficeGift(
  db: DatabaseExecutor,
  campaignId: string,
  slug: string,
  keptTeamId: string | null = null,
) {
  const [team] = await db
    .select({
      id: campaignTeams.id,
      slug: campaignTeams.slug,
      name: campaignTeams.name,
      status: campaignTeams.status,
    })
    .from(campaignTeams)
    .where(and(eq(campaignTeams.campaignId, campaignId), eq(campaignTeams.slug, slug)));
  if (team && (team.status === 'approved' || team.id === keptTeamId)) return team;
  const message = !team
    ? officeTeamMessages.missing
    : team.status === 'declined'
      ? officeTeamMessages.declined
      : officeTeamMessages.requested;
  throw new AppError('validation_failed', 'Please check the team.', { team: message });
}

/** An approved team's name, for the checkout that carries its slug; null for any other. */
export async function teamNamed(
  db: DatabaseExecutor,
  campaignSlug: string,
  teamSlug: string,
): Promise<{ slug: string; name: string } | null> {
  const [team] = await db
    .select({ slug: campaignTeams.slug, name: campaignTeams.name })
    .from(campaignTeams)
    .innerJoin(campaigns, eq(campaigns.id, campaignTeams.campaignId))
    .where(
      and(
        eq(campaigns.slug, campaignSlug),
        eq(campaigns.status, 'published'),
        eq(campaignTeams.slug, teamSlug),
        eq(campaignTeams.status, 'approved'),
      ),
    );
  return team ?? null;
}
