import { Link, useLocation, useSearchParams } from 'wouter';
import siteConfig from '@site-config';
import { buttonClass } from '../components/ui/button';

const statusText: Record<string, { title: string; text: string }> = {
  confirmed: {
    title: 'Subscription Confirmed',
    text: 'Thank you! Weekly inspiration is on its way to your inbox.',
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

/** Where the newsletter's confirmation and unsubscribe links lead. Works without JavaScript. */
export default function NewsletterPage() {
  const [location] = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  if (location === '/newsletter/unsubscribe') {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-4xl font-semibold text-navy-950">Unsubscribe</h1>
        <p className="mt-4 text-lg text-stone-800">
          Stop receiving the {siteConfig.product} newsletter at this address?
        </p>
        <form
          method="post"
          action={`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`}
          className="mt-8"
        >
          <button type="submit" className={buttonClass('secondary')}>
            Unsubscribe
          </button>
        </form>
      </section>
    );
  }

  const status = statusText[params.get('status') ?? ''] ?? statusText.invalid!;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-semibold text-navy-950">{status.title}</h1>
      <p className="mt-4 text-lg text-stone-800">{status.text}</p>
      <Link href="/" className={buttonClass('secondary', 'mt-8')}>
        Return to Homepage
      </Link>
    </section>
  );
}
