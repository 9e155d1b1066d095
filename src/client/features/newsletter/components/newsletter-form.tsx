import { useId } from 'react';
import type { NewsletterSignupInput } from '~/shared/schemas/newsletter';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { usePageForm } from '~/client/app/page-data';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { useZodForm } from '~/client/lib/use-zod-form';
import { subscribeNewsletter } from '~/client/features/newsletter/api/subscribe-newsletter';

// On every page, in the footer: the rules load on the form's first focus, not with the page.
const loadSchema = () => import('~/shared/schemas/newsletter').then((m) => m.newsletterSignupInput);

export const newsletterFailureMessage = 'Failed to subscribe. Please try again.';

/** The footer's signup: a blank address is answered by a toast, without a request (spec 5). */
export function NewsletterForm() {
  const toast = useToast();
  const inputId = useId();
  // Posted without JavaScript, the page comes back with the address and its message, or sent.
  const page = usePageForm('newsletter');
  const returnedError = page.returned?.errors.email ?? page.returned?.errors._;
  const form = useZodForm(loadSchema, { email: '', website: '' }, page.returned);
  const email = form.field('email');
  const website = form.field('website');
  const failed = (description: string) =>
    toast({ title: 'Error', description, variant: 'destructive' });

  const subscribe = async (data: NewsletterSignupInput) => {
    try {
      const result = await subscribeNewsletter(data);
      // Not subscribed yet: the list takes the address once its owner confirms it by mail.
      toast({ title: 'Check your email', description: result.message });
      form.reset();
    } catch (error) {
      // The server's own words for what the visitor can fix; our words for a failure of ours.
      failed(
        error instanceof ApiError && error.status < 500 ? error.message : newsletterFailureMessage,
      );
    }
  };

  // A refused address is answered by a toast with the schema's words (blank: spec 5).
  const onSubmit = form.handleSubmit(subscribe, (errors) =>
    failed(errors.email ?? Object.values(errors)[0] ?? ''),
  );

  // While sending, the field is read-only and the button aria-disabled rather than disabled: a
  // disabled control loses keyboard focus, and the visitor their place on the page.
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event)}
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
        autoComplete="email"
        placeholder="Your email address"
        name={email.name}
        value={email.value}
        onChange={(e) => email.onValue(email.name, e.target.value)}
        readOnly={email.disabled}
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
          value={website.value}
          onChange={(e) => website.onValue(website.name, e.target.value)}
        />
      </div>
      <button
        type="submit"
        aria-disabled={form.submitting || undefined}
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
