import { eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import { AppError } from '~/server/errors';
import type { OjcContext } from './context';
import { serializeOjcPayment } from './serialize-ojc';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The admin's "verify" of an OJC payment, named by its id or by OJC's reference. OJC's API has
 * no call to look a transaction up, so the answer is this site's record of what OJC answered
 * (ADR 009); a charge OJC never answered is said so, for the office to check in OJC's portal.
 */
export async function verifyOjcPayment(ctx: OjcContext, paymentId: string) {
  const [row] = await ctx.db
    .select()
    .from(donations)
    .where(
      uuid.test(paymentId) ? eq(donations.id, paymentId) : eq(donations.ojcReference, paymentId),
    );
  if (!row || row.paymentMethod !== 'ojc') {
    throw new AppError('not_found', 'No OJC payment has this id or reference.');
  }
  const payment = serializeOjcPayment(row);
  const unconfirmed = row.ojcChargingSince && payment.status !== 'succeeded';
  return {
    success: !unconfirmed,
    verification: {
      status: payment.status,
      amount: row.amountCents,
      currency: row.currency,
      ojcReference: row.ojcReference,
      source: 'stored' as const,
    },
    error: unconfirmed
      ? `OJC Fund did not answer the charge sent ${row.ojcChargingSince!.toISOString()}; look for reference ${row.id} in OJC's portal.`
      : null,
  };
}
