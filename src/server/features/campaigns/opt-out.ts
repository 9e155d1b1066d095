import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaignOptOuts, campaigns, donations, donors } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { campaignOptOutMessages } from '~/shared/schemas/campaign-opt-out';
import { AppError } from '~/server/errors';
import type { Clock } from '~/server/lib/clock';
import type { LinkSigner } from '~/server/lib/signed-link';
import { recordAudit } from '~/server/services/audit/record-audit';
import { CAMPAIGN_OPT_OUT_PURPOSE } from '~/server/services/receipts/opt-out-link';

interface OptOutContext {
  db: Database;
  linkSigner: LinkSigner;
  clock: Clock;
}

export const contextOf = (app: FastifyInstance): OptOutContext => ({
  db: app.database.db,
  linkSigner: app.linkSigner,
  clock: app.clock,
});

/**
 * The campaign gift a receipt's opt-out link names, with its campaign and donor: a forged token
 * (or one for another purpose) is 400, an expired one 400 link_expired, a gift that is gone or
 * has no campaign or email 404, each in plain words.
 */
export async function giftOfLink(ctx: OptOutContext, token: string) {
  const check = ctx.linkSigner.verify(CAMPAIGN_OPT_OUT_PURPOSE, token, ctx.clock());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError('link_expired', campaignOptOutMessages.expired)
      : new AppError('bad_request', campaignOptOutMessages.invalid);
  }
  const [gift] = await ctx.db
    .select({
      donationId: donations.id,
      email: sql<string | null>`lower(${donations.email})`,
      donorId: donations.donorId,
      campaignId: campaigns.id,
      campaignSlug: campaigns.slug,
      campaignTitle: campaigns.title,
    })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.id, check.subject));
  if (!gift?.email) throw new AppError('not_found', campaignOptOutMessages.unknown);
  return { ...gift, email: gift.email };
}

/** Whether the donor with this address asked not to be asked again for the campaign. */
export async function isDonorOptedOut(
  db: DatabaseExecutor,
  campaignId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(campaignOptOuts)
    .where(
      and(
        eq(campaignOptOuts.campaignId, campaignId),
        eq(campaignOptOuts.email, email.trim().toLowerCase()),
      ),
    );
  return Boolean(row);
}

/**
 * Everyone who asked not to be asked again for the campaign, oldest first, for the office: by
 * address, donor record, and the name they gave on the gift whose receipt carried the link (or
 * their record's). A team leader's list shows the names only (team-list.ts).
 */
export async function listCampaignOptOuts(db: DatabaseExecutor, campaignId: string) {
  return db
    .select({
      email: campaignOptOuts.email,
      donorId: campaignOptOuts.donorId,
      name: sql<
        string | null
      >`coalesce(nullif(trim(${donations.donorName}), ''), nullif(trim(${donors.name}), ''))`,
      optedOutAt: campaignOptOuts.createdAt,
    })
    .from(campaignOptOuts)
    .leftJoin(donations, eq(donations.id, campaignOptOuts.donationId))
    .leftJoin(donors, eq(donors.id, campaignOptOuts.donorId))
    .where(eq(campaignOptOuts.campaignId, campaignId))
    .orderBy(asc(campaignOptOuts.createdAt), asc(campaignOptOuts.email));
}

/**
 * Records the wish the link names: once per campaign and address, however often it is pressed
 * or from however many receipts; the first press is audited, a repeat changes nothing.
 */
export async function recordCampaignOptOut(
  ctx: OptOutContext,
  token: string,
  ip: string | null,
): Promise<{ created: boolean }> {
  const gift = await giftOfLink(ctx, token);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(campaignOptOuts)
      .values({
        campaignId: gift.campaignId,
        email: gift.email,
        donorId: gift.donorId,
        donationId: gift.donationId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ email: campaignOptOuts.email });
    if (inserted.length === 0) return { created: false };
    await recordAudit(tx, {
      actor: null,
      action: 'campaign-opt-out',
      target: gift.campaignSlug,
      details: { by: 'donor', donation: gift.donationId },
      ip,
      at: now,
    });
    return { created: true };
  });
}
