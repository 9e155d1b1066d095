import { Link, useLocation, useSearchParams } from 'wouter';
import { newsletterApi } from '~/shared/api/newsletter';
import { urlOf } from '~/shared/route';
import siteConfig from '~/client/lib/site-config';
import { usePageForm } from '~/client/app/page-data';
import { EmailLinkOpen } from '~/client/components/email-link-open';
import { buttonClass } from '~/client/components/ui/button';

const statusText: Record<string, { title: string; text: string }> = {
  confirmed: {
    title: 'Subscription Confirmed',
    text: 'Thank you! Weekly inspiration is on its way to your inbox.',
  },
  'already-confirmed': {
    title: 'Already Confirmed',
    text: 'Your subscription was already confirmed: there is nothing more to do.',
  },
  unsubscribed: {
    title: 'You Are Unsubscribed',
    text: 'We will not send you the newsletter again. You are welcome back any time.',
  },
  invalid: {
    title: 'This Link Is Not Valid',
    text: 'The link may be old or mistyped. Subscribe again at the bottom of any page, or write to us.',
  },
};

const heading = 'font-display text-4xl font-semibold text-navy-950';

/**
 * The confirmation link's page: only the button that confirms, in a plain form posted to the
 * page (ADR 034: mail scanners fetch the link before the person does, so opening it confirms
 * nothing). Refused (from another site, a broken link), it says why above the button.
 */
function ConfirmSubscription({ linkToken }: { linkToken: string }) {
  const { returned } = usePageForm('newsletter-confirm');
  const token = linkToken || (returned?.values.token ?? '');
  const problem = returned?.errors._ ?? returned?.errors.token;
  const invalid = statusText.invalid!;
  if (!token) return <StatusMessage title={invalid.title} text={problem ?? invalid.text} />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className={heading}>Confirm Your Subscription</h1>
      {problem ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
      <EmailLinkOpen
        form="newsletter-confirm"
        action="/newsletter/confirm"
        token={token}
        intro={`Press the button to receive weekly inspiration from ${siteConfig.product} at the address you gave us.`}
        button="Confirm my subscription"
        centered
      />
    </section>
  );
}

function StatusMessage({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className={heading}>{title}</h1>
      <p className="mt-4 text-lg text-stone-800">{text}</p>
      <Link href="/" className={buttonClass('secondary', 'mt-8')}>
        Return to Homepage
      </Link>
    </section>
  );
}

/**
 * Where the newsletter's confirmation and unsubscribe links lead, and what they did. Works
 * without JavaScript.
 */
export default function NewsletterPage() {
  const [location] = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  if (location === '/newsletter/confirm') return <ConfirmSubscription linkToken={token} />;

  if (location === '/newsletter/unsubscribe') {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className={heading}>Unsubscribe</h1>
        <p className="mt-4 text-lg text-stone-800">
          Stop receiving the {siteConfig.product} newsletter at this address?
        </p>
        <form
          method="post"
          action={urlOf(newsletterApi.unsubscribe, { query: { token } })}
          className="mt-8"
        >
          <button type="submit" className={buttonClass('secondary')}>
            Unsubscribe
          </button>
        </form>
      </section>
    );
  }

  return <StatusMessage {...(statusText[params.get('status') ?? ''] ?? statusText.invalid!)} />;
}
