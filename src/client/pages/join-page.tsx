import { useState } from 'react';
import { usePageForm } from '~/client/app/page-data';
import { Link, useSearchParams } from 'wouter';
import siteConfig from '~/client/lib/site-config';
import { buttonClass } from '~/client/components/ui/button';
import { useSiteContent } from '~/client/lib/site-content';
import { isCheckoutMethod } from '~/shared/domain';
import { joinWelcomeQuery, type MembershipApplicationResponse } from '~/shared/schemas/membership';
import { ApplicationForm } from '~/client/features/membership/components/application-form';
import { MembershipPayment } from '~/client/features/membership/components/membership-payment';
import { TierSummary } from '~/client/features/membership/components/tier-summary';

const popularTier = siteConfig.tiers.find((t) => t.popular) ?? siteConfig.tiers[0]!;

/**
 * The tier a link names, by its id or its name in any case (`?tier=Beacon`, `?tier=beacon%20tier`,
 * from a hand-typed or mailed link); the popular tier when it names none.
 */
function tierById(id: string | null) {
  const wanted = id?.trim().toLowerCase();
  return (
    siteConfig.tiers.find((t) => t.id === wanted || t.name.toLowerCase() === wanted) ?? popularTier
  );
}

/**
 * The welcome screen's facts from the address a form posted without JavaScript returns to
 * (`?sent=join&tier=…&methods=…`): the server put them there (ssr/page-forms.ts).
 */
function welcomeFromAddress(params: URLSearchParams): MembershipApplicationResponse {
  const tier = tierById(params.get('tier'));
  const methods = (params.get('methods') ?? '').split(',').filter(isCheckoutMethod);
  return {
    id: '',
    tier: tier.id,
    message: '',
    checkout: { amount: tier.price, methods },
  };
}

export default function JoinPage() {
  const [params] = useSearchParams();
  const [tierId, setTierId] = useState(() => tierById(params.get('tier')).id);
  const page = usePageForm('join');
  const [submitted, setSubmitted] = useState<MembershipApplicationResponse | null>(() =>
    // The page's data says so after a post without JavaScript; the address alone when the app
    // comes back to its own welcome (Back, then Forward, within the app).
    page.sent || params.get('sent') === 'join' ? welcomeFromAddress(params) : null,
  );
  const tier = tierById(tierId);
  const rabbi = useSiteContent('rabbi');
  const tiers = useSiteContent('tiers');

  /** The welcome, and its address in place of the form's: a reload shows it again. */
  const welcome = (response: MembershipApplicationResponse) => {
    const query = new URLSearchParams(joinWelcomeQuery(response));
    window.history.replaceState(window.history.state, '', `/join?${query.toString()}`);
    setSubmitted(response);
  };

  if (submitted) {
    const chosen = tierById(submitted.tier);
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center" aria-live="polite">
        <div
          aria-hidden="true"
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-gold-500 text-3xl text-navy-950"
        >
          ✓
        </div>
        <h1
          ref={(heading) => heading?.focus()}
          tabIndex={-1}
          className="mt-6 font-display text-4xl font-semibold text-navy-950 outline-none"
        >
          Welcome to {siteConfig.product}!
        </h1>
        <p className="mt-4 text-lg text-stone-800">
          Thank you for applying to the <strong>{chosen.name}</strong>. Rabbi {rabbi.shortName} and
          our office will be in touch with you personally.
        </p>
        <p className="mt-3 text-lg text-stone-800">
          A confirmation email with your next steps and payment instructions is on its way to your
          inbox.
        </p>
        <MembershipPayment tierName={chosen.name} checkout={submitted.checkout} />
        <Link href="/" className={buttonClass('secondary', 'mt-8')}>
          Return to Homepage
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <Link href="/" className={buttonClass('ghost', '-ml-4 text-navy-900')}>
        <span aria-hidden="true">←</span> Back to Homepage
      </Link>
      <h1 className="mt-4 font-display text-4xl font-semibold text-navy-950 sm:text-5xl">
        Join Our Community
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-stone-700">
        Apply for membership and the Rabbi will carry your intentions to the tziyun every week.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        <TierSummary tier={tiers.find((t) => t.id === tier.id) ?? tiers[0]!} />
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
          <h2 className="mb-6 font-display text-2xl font-semibold text-navy-950">
            Membership Application
          </h2>
          <ApplicationForm tierId={tier.id} onTierChange={setTierId} onSubmitted={welcome} />
        </div>
      </div>
    </section>
  );
}
