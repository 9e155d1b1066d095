import { eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/audit/record-audit';
import type { AdminIdentity } from '~/server/auth/sessions';
import { applyPaymentIntent } from './apply-payment-intent';
import type { DonationContext } from './context';
import { retrievePaymentIntent } from './retrieve-payment-intent';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The PaymentIntent named by the admin: its id, or the id of a donation row. */
async function paymentIntentIdOf(ctx: DonationContext, paymentId: string) {
  if (!uuid.test(paymentId)) return paymentId;
  const [row] = await ctx.db
    .select({ pi: donations.stripePaymentIntentId })
    .from(donations)
    .where(eq(donations.id, paymentId));
  if (!row) throw new AppError('not_found', 'No donation has this id.');
  if (!row.pi) throw new AppError('not_found', 'This donation has no card payment to verify.');
  return row.pi;
}

/**
 * The admin's "verify": asks Stripe again and brings the stored donation in line (status
 * forward only, or back from disputed when the dispute was decided for us; the amount
 * received, refunds), with an audit entry.
 */
export async function verifyPayment(
  ctx: DonationContext,
  paymentId: string,
  admin: { identity: AdminIdentity; ip: string },
) {
  const { pi, disputes } = await retrievePaymentIntent(
    ctx,
    await paymentIntentIdOf(ctx, paymentId),
  );
  const now = ctx.clock();
  const donation = await ctx.db.transaction(async (tx) => {
    // The same reading of Stripe's payment and disputes as the dispute events' (payment-events.ts).
    const applied = await applyPaymentIntent(tx, pi, { now, links: ctx, disputes });
    if (!applied) return null;
    await recordAudit(tx, {
      actor: admin.identity,
      action: 'verification',
      target: `donation:${applied.id}`,
      details: { paymentIntent: pi.id, stripeStatus: pi.status, status: applied.paymentStatus },
      ip: admin.ip,
      at: now,
    });
    return applied;
  });
  if (!donation) throw new AppError('not_found', 'No donation is recorded for this payment.');
  return { donation, stripeStatus: pi.status };
}
