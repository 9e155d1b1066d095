import { useState } from 'react';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { prayerLinkRequest } from '~/shared/schemas/prayer-names';
import { usePageForm } from '../../../app/page-data';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { requestPrayerLink } from '../api/prayer-names';

const loadSchema = () => Promise.resolve(prayerLinkRequest);

/**
 * Signed out: asks for a new link by email. Without JavaScript it posts to the page
 * (`prayer-link`), which comes back saying the link is on its way.
 */
export function LinkRequest({ problem }: { problem: string | null }) {
  const page = usePageForm('prayer-link');
  const form = useZodForm(loadSchema, { email: '' }, page.returned);
  const [sent, setSent] = useState<string | null>(page.sent ?? null);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      setSent((await requestPrayerLink(email)).message);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length === 0)
        form.setErrors({ email: error.message });
      throw error;
    }
  });

  return (
    <div className="mt-8 flex flex-col gap-4">
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form
          {...form.formProps}
          onSubmit={(event) => void submit(event).catch(() => undefined)}
          aria-label="Ask for a link to your names"
          className="flex flex-col gap-4"
        >
          <input type="hidden" name={PAGE_FORM_FIELD} value="prayer-link" />
          <p>Members and donors: enter your email and we will send you a link to your names.</p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
            error={form.errors.email ?? form.errors._}
          />
          <Button type="submit" className="self-start" disabled={form.submitting}>
            Send me the link
          </Button>
        </form>
      )}
    </div>
  );
}
