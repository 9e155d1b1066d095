import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { campaignThankYous, campaigns, donations, type CampaignRow } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { insertMany } from '~/db/insert-many';
import type { ThankYouInput, ThankYouReach } from '~/shared/schemas/campaign-thank-you';
import { AppError } from '~/server/errors';
import { enqueueMails } from '~/server/services/mail/mail-job';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';

/** A gift of the campaign whose money is in: what earns a thank-you. */
const receivedIn = (campaignId: string) =>
  and(
    eq(donations.campaignId, campaignId),
    eq(donations.paymentStatus, 'succeeded'),
    isNull(donations.voidedAt),
  );

/**
 * A gift with an address to write to: an erased donor's gifts keep a mark in its place (no real
 * address lacks an @), and their erasure forgot that they were thanked.
 */
const hasAddress = sql`coalesce(${donations.email}, '') like '%@%'`;

/** The campaign the office thanks for: a draft has had no donors. */
export async function campaignToThank(db: DatabaseExecutor, id: string, lock = false) {
  const query = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [campaign] = lock ? await query.for('update') : await query;
  if (!campaign) throw new AppError('not_found', 'There is no such campaign.');
  if (campaign.status !== 'published') {
    throw new AppError('conflict', 'This campaign is a draft: it has no donors to thank yet.');
  }
  return campaign;
}

/** Each donor address of a received gift, lower-cased, with the name on its latest gift. */
async function donorAddresses(db: DatabaseExecutor, campaignId: string) {
  const email = sql<string>`lower(${donations.email})`;
  return db
    .selectDistinctOn([email], { email, name: donations.donorName })
    .from(donations)
    .where(and(receivedIn(campaignId), hasAddress))
    .orderBy(email, sql`${donations.createdAt} desc`);
}

/** What a press would send now: the confirm dialog's count. */
export async function thankYouReach(db: Database, id: string): Promise<ThankYouReach> {
  const campaign = await campaignToThank(db, id);
  const addresses = await donorAddresses(db, campaign.id);
  const thanked = new Set(
    (
      await db
        .select({ email: campaignThankYous.email })
        .from(campaignThankYous)
        .where(eq(campaignThankYous.campaignId, campaign.id))
    ).map((r) => r.email),
  );
  const [without] = await db
    .select({ n: sql<number>`count(distinct ${donations.donorId})::int` })
    .from(donations)
    .where(and(receivedIn(campaign.id), not(hasAddress)));
  const toSend = addresses.filter((a) => !thanked.has(a.email)).length;
  return { toSend, alreadyThanked: thanked.size, withoutEmail: Number(without?.n ?? 0) };
}

/**
 * Queues the office's thank-you to every donor address of the campaign that has not had it, in
 * one transaction with the record of who was thanked: a second press sends nothing twice (and
 * reaches only donors who gave since); a crash before the commit leaves nothing to undo, and
 * after it the outbox delivers what was queued, with its retries. The campaign's row is locked,
 * so two presses at once take turns.
 */
export async function sendThankYou(
  db: Database,
  id: string,
  input: ThankYouInput,
  ctx: AuditContext,
) {
  return db.transaction(async (tx) => {
    const campaign: CampaignRow = await campaignToThank(tx, id, true);
    const addresses = await donorAddresses(tx, campaign.id);
    const fresh = addresses.length
      ? await insertMany(
          tx,
          campaignThankYous,
          addresses.map((a) => ({ campaignId: campaign.id, email: a.email, queuedAt: ctx.now })),
          {
            skipConflictOn: [campaignThankYous.campaignId, campaignThankYous.email],
            returning: { email: campaignThankYous.email },
          },
        )
      : [];
    const queuedTo = new Set(fresh.map((r) => r.email));
    await enqueueMails(
      tx,
      addresses
        .filter((a) => queuedTo.has(a.email))
        .map((a) => ({
          key: `campaign:${campaign.id}:thank-you:${a.email}`,
          to: a.email,
          template: 'campaign-thank-you' as const,
          data: { name: a.name, campaignTitle: campaign.title, message: input.message },
        })),
    );
    const alreadyThanked = addresses.length - queuedTo.size;
    await recordAuditBy(tx, ctx, {
      action: 'campaign-thank-you-sent',
      target: campaign.slug,
      details: { queued: queuedTo.size, alreadyThanked, message: input.message },
    });
    return { queued: queuedTo.size, alreadyThanked };
  });
}
