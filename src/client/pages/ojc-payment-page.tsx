import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { formatMoney } from '~/shared/money';
import { OfficeContact } from '~/client/components/layout/office-contact';
import { buttonClass } from '~/client/components/ui/button';
import type { OjcPayment, OjcPaymentPageData } from '~/shared/schemas/ojc';
import { useServerPageData } from '~/client/app/page-data';
import { getOjcPayment } from '~/client/features/donations/api/ojc-payments';
import { DonationSummary } from '~/client/features/donations/components/donor-summary';
import { OjcCardForm } from '~/client/features/donations/components/ojc-card-form';
import { PaymentSetupError } from '~/client/features/donations/components/payment-setup-error';

type State =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; payment: OjcPayment };

/** The page's state as the server rendered it, if it did. */
function stateOf(data: OjcPaymentPageData | undefined): State {
  if (!data) return { phase: 'loading' };
  return 'payment' in data
    ? { phase: 'ready', payment: data.payment }
    : { phase: 'failed', message: data.problem };
}

/**
 * /checkout/ojc/:paymentId: this site's OJC Fund payment page, where the gift set up at checkout
 * is paid with the charity card; then the success card with the next steps (spec 2). Rendered
 * on the server with the payment, so it reads and its form posts without JavaScript.
 */
export default function OjcPaymentPage() {
  // Nested under /checkout/ojc: the location here is "/<paymentId>".
  const [location] = useLocation();
  const paymentId = decodeURIComponent(location.replace(/^\/+/, '').split('/')[0] ?? '');
  const fromServer = useServerPageData<OjcPaymentPageData>();
  const [state, setState] = useState<State>(() => stateOf(fromServer));

  useEffect(() => {
    if (fromServer) return;
    let live = true;
    getOjcPayment(paymentId).then(
      ({ payment }) => live && setState({ phase: 'ready', payment }),
      (error: unknown) =>
        live &&
        setState({
          phase: 'failed',
          message: error instanceof Error ? error.message : 'This payment could not be found.',
        }),
    );
    return () => {
      live = false;
    };
    // The server's data is for this payment; another is fetched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentId]);

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      {state.phase === 'ready' && state.payment.status === 'succeeded' ? (
        <OjcSuccess payment={state.payment} />
      ) : (
        <>
          <h1 className="font-display text-4xl font-semibold text-navy-950">
            Pay with Your OJC Card
          </h1>
          <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
            {state.phase === 'loading' ? (
              <p role="status" className="py-8 text-center text-lg">
                Loading your donation...
              </p>
            ) : state.phase === 'failed' ? (
              <PaymentSetupError message={state.message} />
            ) : (
              <div className="flex flex-col gap-5">
                <DonationSummary
                  giftCents={state.payment.amountCents - state.payment.feeCents}
                  feeCents={state.payment.feeCents}
                  type={state.payment.donationType}
                />
                <OjcCardForm
                  payment={state.payment}
                  onPaid={(payment) => setState({ phase: 'ready', payment })}
                />
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function OjcSuccess({ payment }: { payment: OjcPayment }) {
  const monthly = payment.donationType === 'subscription';
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-green-700">
      <div
        aria-hidden="true"
        className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-700 text-3xl text-white"
      >
        ✓
      </div>
      <h1
        ref={(heading) => heading?.focus()}
        tabIndex={-1}
        className="mt-6 font-display text-4xl font-semibold text-navy-950 outline-none"
      >
        Thank You for Your Donation!
      </h1>
      <p className="mt-4 text-lg text-stone-800">
        Your OJC Fund gift of {formatMoney(payment.amountCents, payment.currency)}
        {monthly ? ' a month' : ''} has been received.
      </p>
      {payment.membership ? (
        <p className="mt-3 text-lg text-stone-800">
          Your membership has begun: the Rabbi will carry your intentions to the tziyun, and your
          welcome materials with the prayer schedule are on their way by email.
        </p>
      ) : null}
      <h2 className="mt-6 text-lg font-semibold text-navy-950">What happens next</h2>
      <ul className="mx-auto mt-2 max-w-md list-disc space-y-1 pl-6 text-left text-stone-800">
        <li>A confirmation email with your receipt is on its way.</li>
        <li>Your donation has been recorded with our office.</li>
        {monthly ? (
          <li>
            Your card will be charged automatically each month; every receipt has a link to cancel.
          </li>
        ) : null}
      </ul>
      <p className="mt-6 text-stone-800">
        Questions? Contact us at <OfficeContact />.
      </p>
      {payment.campaign ? (
        <p className="mt-6">
          <a
            href={`/campaign/${payment.campaign}`}
            className="text-lg font-semibold text-navy-950 underline underline-offset-2"
          >
            Back to the campaign
          </a>
        </p>
      ) : null}
      <a href="/" className={buttonClass('secondary', 'mt-6')}>
        Return to Homepage
      </a>
    </div>
  );
}
