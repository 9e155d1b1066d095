import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { coverFeeCents, formatMoney } from '~/shared/money';
import { Button } from '~/client/components/ui/button';
import { Checkbox, HoneypotField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import {
  getStripeConfig,
  recordDonation,
  setUpCardPayment,
} from '~/client/features/donations/api/card-payments';
import type { CheckoutPageData } from '~/shared/donate-options';
import { OfficeContact } from '~/client/components/layout/office-contact';
import { createAttemptKeys } from '~/client/features/donations/lib/attempt-key';
import type { CheckoutChoice } from '~/shared/checkout-link';
import { loadStripeJs } from '~/client/features/donations/lib/load-stripe';
import { cardProblem, paymentProblem } from '~/client/features/donations/lib/payment-problem';
import {
  checkoutFieldErrors,
  giftDestination,
} from '~/client/features/donations/lib/checkout-request';
import { DonorFields, useDonorForm } from './donor-form';
import { DonationSummary } from './donor-summary';
import { PaymentSetupError, SETUP_FAILED } from './payment-setup-error';
import { dedicationCheckoutFormField } from '~/shared/ojc-checkout-fields';

/** Spec 9: the form is usable once the Payment Element reports ready, or after 5 s anyway. */
export const ELEMENT_READY_FALLBACK_MS = 5000;
/** Long enough to read 'Payment Successful' before the donate page's thank-you. */
const SUCCESS_REDIRECT_MS = 1000;

/** Stripe.js did not load (blocked, offline): the card form cannot be shown. */
const STRIPE_UNAVAILABLE =
  'The secure card form could not be loaded from Stripe, our payment processor. No money was taken. Please reload the page; if it happens again, something in the browser may be blocking it.';

/** What the card form needs before Stripe.js: the key to load it with and the fee to offer. */
type CardSettings = NonNullable<CheckoutPageData['card']>;

/**
 * Card checkout (spec 2 and 4). The donor form is in the page from the first HTML (the server's
 * page data carries the card settings), so only the card field waits for Stripe.js; without
 * that data (a test, a failed load) it asks the API first ('Setting up your payment...'). The
 * payment is set up on the server only when the donor submits, with the final amount, name and
 * email. Without JavaScript the card field cannot work: the form says so, and offers OJC
 * (`otherWay`) or the office.
 */
export function CardCheckout({
  choice,
  card,
  otherWay = null,
  onOneTimeInstead,
  donor,
}: {
  choice: CheckoutChoice;
  /** From the page data; undefined or null: ask the API. */
  card?: CardSettings | null | undefined;
  /** A membership's checkout: the name and address the member applied with, filled in. */
  donor?: { name: string; email: string } | undefined;
  /** The same gift's OJC checkout, when OJC is set up. */
  otherWay?: string | null;
  /** Told when the donor turns a monthly gift into a one-time one (the page's subtitle says so). */
  onOneTimeInstead?: (oneTime: boolean) => void;
}) {
  const [settings, setSettings] = useState<CardSettings | null>(card ?? null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      let known = card ?? null;
      if (!known) {
        const config = await getStripeConfig();
        if (!config.configured || !config.publishableKey) {
          throw new SetupProblem(
            'Card payments are not set up on this site yet, so no card can be charged. No money was taken.',
          );
        }
        known = { publishableKey: config.publishableKey, fee: config.fee };
        if (live) setSettings(known);
      }
      const loaded = await loadStripeJs(known.publishableKey);
      if (!loaded) throw new SetupProblem(SETUP_FAILED);
      if (live) setStripe(loaded);
    })().catch(
      (error: unknown) =>
        live &&
        setFailure(
          error instanceof SetupProblem
            ? error.message
            : error instanceof ApiError || error instanceof TypeError
              ? paymentProblem(error)
              : STRIPE_UNAVAILABLE,
        ),
    );
    return () => {
      live = false;
    };
    // Once per page: the settings do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (failure) return <PaymentSetupError message={failure} />;
  if (!settings) {
    // As tall as the form that replaces it (a little less), so the footer does not jump into
    // view and out again: a layout shift of 0.2 on a phone before (docs/benchmarks.md).
    return (
      <p role="status" className="flex min-h-[38rem] items-center justify-center gap-3 text-lg">
        <span
          aria-hidden="true"
          className="size-6 animate-spin rounded-full border-4 border-navy-900 border-t-transparent motion-reduce:animate-none"
        />
        Setting up your payment...
      </p>
    );
  }
  return (
    <CardForm
      choice={choice}
      stripe={stripe}
      fee={settings.fee}
      otherWay={otherWay}
      onOneTimeInstead={onOneTimeInstead}
      donor={donor}
    />
  );
}

/**
 * Writes the payment about to be confirmed into the page's address (`gift=pi_…`, never the
 * secret), so that coming back to this page (Back after the thank-you, a reload) lets the server
 * say the gift was made rather than show a checkout ready to charge it again.
 */
function rememberPayment(clientSecret: string) {
  const id = clientSecret.split('_secret_')[0] ?? '';
  if (!/^pi_[A-Za-z0-9]+$/.test(id)) return;
  const url = new URL(window.location.href);
  url.searchParams.set('gift', id);
  window.history.replaceState(window.history.state, '', url);
}

/** A setup failure whose message is already the donor's. */
class SetupProblem extends Error {}

function CardForm({
  choice,
  stripe,
  fee,
  otherWay,
  onOneTimeInstead,
  donor,
}: {
  choice: CheckoutChoice;
  /** Null until Stripe.js has loaded: the rest of the form is there already. */
  stripe: Stripe | null;
  fee: CardSettings['fee'];
  otherWay: string | null;
  onOneTimeInstead?: ((oneTime: boolean) => void) | undefined;
  donor?: { name: string; email: string } | undefined;
}) {
  const toast = useToast();
  const donorForm = useDonorForm(
    { website: '', coverFee: 'false', oneTimeInstead: 'false', ...donor },
    undefined,
    choice.dedication,
  );
  const coverFee = donorForm.values.coverFee === 'true';
  const oneTimeInstead = donorForm.values.oneTimeInstead === 'true';
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const elementsRef = useRef<StripeElements | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const keyFor = useMemo(() => createAttemptKeys(), []);

  const kind = choice.type === 'subscription' && !oneTimeInstead ? 'subscription' : 'onetime';
  const giftCents = choice.amount * 100;
  const feeCents = coverFee ? coverFeeCents(giftCents, fee) : 0;
  const totalCents = giftCents + feeCents;
  const elementOptions = {
    mode: kind === 'subscription' ? ('subscription' as const) : ('payment' as const),
    amount: totalCents,
    currency: 'usd',
  };

  // The Payment Element, mounted once Stripe.js is there; the amount and mode follow the form.
  useEffect(() => {
    if (!stripe) return;
    const elements = stripe.elements({
      ...elementOptions,
      appearance: { theme: 'stripe', variables: { colorPrimary: '#131e40' } },
    });
    const element = elements.create('payment', { layout: 'tabs' });
    element.on('ready', () => setElementReady(true));
    element.mount(mountRef.current!);
    elementsRef.current = elements;
    const fallback = window.setTimeout(() => setElementReady(true), ELEMENT_READY_FALLBACK_MS);
    return () => {
      window.clearTimeout(fallback);
      element.destroy();
      elementsRef.current = null;
    };
    // Created once per Stripe instance; later changes go through update() below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stripe]);

  useEffect(() => {
    elementsRef.current?.update(elementOptions);
    // elementOptions is derived from these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, totalCents]);

  const fail = (message: string) =>
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const donor = await donorForm.submit(event);
    if (!donor) return;
    const elements = elementsRef.current;
    if (!elements || !stripe) return;
    setProcessing(true);
    let succeeded = false;
    try {
      // The Payment Element checks the card details and shows its own messages.
      const { error: incomplete } = await elements.submit();
      if (incomplete) return;

      const gift = { amount: choice.amount, ...donor, coverFee };
      const honeypot = { website: donorForm.values.website };
      let clientSecret: string;
      try {
        ({ clientSecret } = await setUpCardPayment(kind, {
          ...gift,
          idempotencyKey: keyFor({ kind, ...gift }),
          ...honeypot,
          ...giftDestination(choice),
        }));
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          donorForm.setErrors(checkoutFieldErrors(error.fields, dedicationCheckoutFormField));
        }
        fail(paymentProblem(error));
        return;
      }
      if (!clientSecret) {
        fail('No client secret received from payment API');
        return;
      }
      rememberPayment(clientSecret);

      // A membership's first payment says so on the thank-you (use-donate-flags.ts).
      // A campaign's gift: the thank-you links back to its page.
      const thanks = `/donate?success=true${choice.membership ? '&membership=paid' : ''}${choice.campaign ? `&campaign=${choice.campaign}` : ''}`;
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        clientSecret,
        confirmParams: {
          return_url: `${window.location.origin}${thanks}`,
          payment_method_data: { billing_details: { name: donor.name, email: donor.email } },
        },
        redirect: 'if_required',
      });
      if (error) {
        fail(cardProblem(error));
        return;
      }
      // The server asks Stripe what happened and records that; a failure here changes nothing
      // for the donor (the webhook records it too), so the thank-you follows regardless.
      await recordDonation({
        stripePaymentId: paymentIntent.id,
        name: donor.name,
        email: donor.email,
        amount: totalCents,
        donationType: kind,
      }).catch(() => undefined);
      succeeded = true;
      toast({
        title: 'Payment Successful',
        description: choice.membership
          ? 'Thank you: your membership begins with this payment.'
          : 'Thank you for your generous donation!',
      });
      window.setTimeout(() => window.location.assign(thanks), SUCCESS_REDIRECT_MS);
    } finally {
      // After a success the form stays disabled until the donate page opens.
      if (!succeeded) setProcessing(false);
    }
  };

  const busy = processing || !elementReady;
  return (
    <form
      {...donorForm.formProps}
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-5"
    >
      <DonationSummary giftCents={giftCents} feeCents={feeCents} type={kind} />
      {/* A membership is its monthly gift: a one-time gift instead would take the money and
          leave the membership waiting, so its checkout offers no such choice. */}
      {choice.type === 'subscription' && !choice.membership ? (
        <label className="flex items-center gap-3 text-stone-800">
          <Checkbox
            {...donorForm.field('oneTimeInstead')}
            disabled={processing}
            onValue={(name, value) => {
              donorForm.setValue(name, value);
              onOneTimeInstead?.(value === 'true');
            }}
            className="size-5 shrink-0 accent-navy-900"
          />
          One-time donation instead
        </label>
      ) : null}
      <DonorFields form={donorForm} disabled={processing} />
      <HoneypotField value={donorForm.values.website} onValue={donorForm.setValue} />
      <label className="flex items-start gap-3 text-stone-800">
        <Checkbox
          {...donorForm.field('coverFee')}
          disabled={processing}
          className="mt-1 size-5 shrink-0 accent-navy-900"
        />
        <span>
          Add {formatMoney(coverFeeCents(giftCents, fee))} to cover the card processing fee, so all
          of {formatMoney(giftCents, 'usd', { whole: true })} reaches the tziyun
        </span>
      </label>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-800">Card details</legend>
        <div ref={mountRef} className="min-h-24" />
        {/* Until the card field is there, and for good when scripts are off or blocked (a
            <noscript> would say it only when they are off, and not while they load). */}
        {elementReady ? null : (
          <div role="status" className="rounded-lg bg-cream-100 p-3 text-stone-900">
            <p>Loading the secure card form from Stripe…</p>
            <p className="mt-2 text-sm">
              Card details go straight from this page to Stripe, our payment processor, so the card
              field needs JavaScript. If it does not appear, JavaScript may be off or blocked in
              this browser. No money has been taken.{' '}
              {otherWay ? (
                <>
                  <a href={otherWay} className="font-semibold underline underline-offset-2">
                    Give with an OJC charity card instead
                  </a>
                  , or reach the office by email or phone: <OfficeContact />.
                </>
              ) : (
                <>
                  To give another way, contact the office at <OfficeContact />.
                </>
              )}
            </p>
          </div>
        )}
      </fieldset>
      <Button type="submit" variant="primary" disabled={busy} className="w-full text-lg">
        {processing
          ? 'Processing...'
          : `Complete Donation ${formatMoney(totalCents, 'usd', { whole: true })}`}
      </Button>
      <p className="text-center text-sm text-stone-700">
        Card details go straight to Stripe, our payment processor; they never reach our servers.
      </p>
    </form>
  );
}
