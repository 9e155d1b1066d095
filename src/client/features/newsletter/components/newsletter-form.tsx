import { useId, useState, type FormEvent } from 'react';
import { messages } from '~/shared/messages';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { usePageForm } from '~/client/app/page-data';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { subscribeNewsletter } from '~/client/features/newsletter/api/subscribe-newsletter';

export const newsletterFailureMessage = 'Failed to subscribe. Please try again.';

/** The footer's signup: a blank address is answered by a toast, without a request (spec 5). */
export function NewsletterForm() {
  const toast = useToast();
  const inputId = useId();
  // Posted without JavaScript, the page comes back with the address and its message, or sent.
  const page = usePageForm('newsletter');
  const returnedError = page.returned?.errors.email ?? page.returned?.errors._;
  const [email, setEmail] = useState(page.returned?.values.email ?? '');
  const [website, setWebsite] = useState('');
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!email.trim()) {
      toast({ title: 'Error', description: messages.emailRequired, variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      const result = await subscribeNewsletter({ email, website });
      // Not subscribed yet: the list takes the address once its owner confirms it by mail.
      toast({ title: 'Check your email', description: result.message });
      setEmail('');
    } catch (error) {
      // The server's own words for what the visitor can fix; our words for a failure of ours.
      const description =
        error instanceof ApiError && error.status < 500 ? error.message : newsletterFailureMessage;
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  // While sending, the field is read-only and the button aria-disabled rather than disabled: a
  // disabled control loses keyboard focus, and the visitor their place on the page.
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      id="newsletter"
      action="#newsletter"
      className="flex flex-col flex-wrap gap-2 sm:flex-row"
      aria-label="Newsletter signup"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="newsletter" />
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Your email address"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        readOnly={sending}
        aria-invalid={returnedError ? true : undefined}
        aria-describedby={returnedError ? `${inputId}-note` : undefined}
        className="min-h-11 flex-1 rounded-full border border-white/30 bg-white/10 px-4 text-white placeholder:text-white/70"
      />
      <div className="hidden" aria-hidden="true">
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <button
        type="submit"
        aria-disabled={sending || undefined}
        className="min-h-11 shrink-0 rounded-full bg-gold-500 px-6 font-semibold whitespace-nowrap text-navy-950 hover:bg-gold-400 aria-disabled:opacity-60"
      >
        Inspire Me
      </button>
      {returnedError || page.sent ? (
        <p
          id={`${inputId}-note`}
          role={returnedError ? 'alert' : 'status'}
          className="text-sm text-gold-200 sm:basis-full"
        >
          {returnedError ?? page.sent}
        </p>
      ) : null}
    </form>
  );
}
