import { and, eq } from 'drizzle-orm';
import { campaignTeams, campaigns } from '~/db/schema';
import type { DatabaseExecutor, DatabaseTransaction } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import type { ReplacedPhoto } from './set-campaign-photo';
import { touchCampaign } from './settle-gift';

const noSuchTeam = () => new AppError('not_found', 'This campaign has no such team.');
const teamOf = (campaignId: string, teamId: string) =>
  and(eq(campaignTeams.id, teamId), eq(campaignTeams.campaignId, campaignId));

/** Refuses a photo for a team that is not the campaign's, before its upload is read. */
export async function requireTeam(db: DatabaseExecutor, campaignId: string, teamId: string) {
  const [known] = await db
    .select({ id: campaignTeams.id })
    .from(campaignTeams)
    .where(teamOf(campaignId, teamId));
  if (!known) throw noSuchTeam();
}

/**
 * Writes a team's new photo (its sizes already kept, as `photoKey`) on its row, audited; a new
 * version, so the team's page, kept per version, is read again with it. Answers what the row held.
 */
export async function setTeamPhoto(
  tx: DatabaseTransaction,
  campaignId: string,
  teamId: string,
  photoKey: string,
  context: AuditContext,
): Promise<ReplacedPhoto> {
  const ofCampaign = teamOf(campaignId, teamId);
  const [team] = await tx
    .select({
      photoKey: campaignTeams.photoKey,
      slug: campaignTeams.slug,
      name: campaignTeams.name,
    })
    .from(campaignTeams)
    .where(ofCampaign)
    .for('update');
  if (!team) throw noSuchTeam();
  const [campaign] = await tx
    .select({ slug: campaigns.slug })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  await tx.update(campaignTeams).set({ photoKey, updatedAt: context.now }).where(ofCampaign);
  await touchCampaign(tx, campaignId);
  await recordAuditBy(tx, context, {
    action: 'team-photo-added',
    target: `campaign:${campaign!.slug}/team:${team.slug}`,
    details: { replaced: team.photoKey !== null },
  });
  return { photoKey: team.photoKey, alt: team.name };
}
