import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseCheckoutChoice } from '~/shared/checkout-link';
import { dedicationFromForm } from '~/shared/schemas/donations';
import { ojcCheckoutFormField } from '~/shared/ojc-checkout-fields';
import {
  ojcChargeInput,
  ojcCheckoutPageInput,
  ojcCreatePaymentInput,
  ojcPaymentParams,
  type OjcChargeInput,
  type OjcCheckoutPageInput,
  type OjcPaymentPageData,
} from '~/shared/schemas/ojc';
import { AppError } from '~/server/errors';
import { countingDeclines, globalRateLimit } from '~/server/plugins/global-rate-limit';
import { fieldMessages } from '~/server/ssr/page-forms';
import { chargeOjcPayment, findOjcPayment } from './charge-ojc-payment';
import { chargeMessages } from './charge-messages';
import { ojcContextOf } from './context';
import { createOjcPayment } from './create-ojc-payment';
import { ojcPaymentView } from './serialize-ojc';

/** The checkout form's names for the API's fields, the dedication's parts included. */
const formField: Record<string, string> = ojcCheckoutFormField;

/** `/checkout/ojc/<paymentId>`: the payment the page is for, or a plain refusal. */
function paymentIdOf(path: string) {
  const parsed = ojcPaymentParams.safeParse({ paymentId: path.split('/')[3] ?? '' });
  if (!parsed.success) throw new AppError('not_found', chargeMessages.notFound);
  return parsed.data.paymentId;
}

/**
 * The OJC checkout and payment page without JavaScript (ssr/page-forms.ts, ADR 019): the same
 * operations as the API, with the same shared limit for everyone (the per-visitor limit is the
 * page forms' own). The card number is never written back into a page.
 */
export function registerOjcPageForms(app: FastifyInstance) {
  const { env } = app;
  const contextFor = (log: FastifyInstance['log']) => ojcContextOf(app, log);

  app.pageForms.set('ojc-checkout', {
    sentMessage: '',
    schema: ojcCheckoutPageInput,
    guard: globalRateLimit(app, 'ojc-create-payment'),
    async submit(form: OjcCheckoutPageInput, { url, log }) {
      const choice = parseCheckoutChoice(url.searchParams);
      if (!choice || choice.method !== 'ojc') {
        throw new AppError(
          'bad_request',
          'This checkout link is incomplete. No money was taken. Please choose your gift again on the donate page.',
        );
      }
      const input = ojcCreatePaymentInput(env.DONATION_MAX_DOLLARS).safeParse({
        amount: choice.amount,
        donorName: form.name,
        donorEmail: form.email,
        donorPhone: form.phone ?? undefined,
        donationType: choice.type,
        dedication: dedicationFromForm(form),
        idempotencyKey: form.attempt,
        membership: choice.membership ?? null,
        campaign: choice.campaign ?? null,
        wall: choice.wall ?? null,
        referrer: choice.referrer ?? null,
        team: choice.team ?? null,
        website: form.website,
      });
      if (!input.success) {
        const errors = fieldMessages(
          input.error.issues.map((issue) => ({ ...issue, path: [issue.path.join('.')] })),
        );
        throw new AppError(
          'validation_failed',
          'Please correct the form.',
          Object.fromEntries(
            Object.entries(errors).map(([key, text]) => [formField[key] ?? '_', text]),
          ),
        );
      }
      if (input.data.website) {
        log.info('honeypot filled: OJC payment dropped');
        return { location: `/checkout/ojc/${randomUUID()}` };
      }
      const payment = await createOjcPayment(contextFor(log), input.data);
      return { location: `/checkout/ojc/${payment.paymentId}` };
    },
  });

  app.pageForms.set('ojc-charge', {
    sentMessage: '',
    schema: ojcChargeInput(app.clock),
    secretFields: ['cardNumber'],
    guard: globalRateLimit(app, 'ojc-charge'),
    async submit(card: OjcChargeInput, { path, log }) {
      await countingDeclines(app, chargeOjcPayment(contextFor(log), paymentIdOf(path), card));
      app.jobWorker.wake();
      // The page reads the payment again: paid, it thanks the donor.
      return { query: {} };
    },
  });
}

/** What /checkout/ojc/<paymentId> is rendered with: the payment, or why it cannot be shown. */
export async function loadOjcPaymentPageData(
  app: FastifyInstance,
  url: URL,
): Promise<OjcPaymentPageData> {
  try {
    const row = await findOjcPayment(ojcContextOf(app), paymentIdOf(url.pathname));
    return { payment: await ojcPaymentView(app.database.db, row) };
  } catch (error) {
    if (error instanceof AppError) return { problem: error.message };
    throw error;
  }
}
