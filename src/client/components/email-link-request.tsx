import { useState } from 'react';
import { PAGE_FORM_FIELD, type PageFormName, type PageFormState } from '~/shared/page-forms';
import { emailLinkRequest } from '~/shared/schemas/email-link';
import { ApiError } from '~/client/lib/api';
import { useZodForm } from '~/client/lib/use-zod-form';
import { Button } from './ui/button';
import { ProblemAlert, TextField } from './ui/field';

const loadSchema = () => Promise.resolve(emailLinkRequest);

/**
 * Signed out of a page an emailed single-use link opens (the names page, 'My giving'): asks for
 * a new link by email. Without JavaScript it posts to the page (`form`), which comes back saying
 * the link is on its way.
 */
export function EmailLinkRequest({
  form: formName,
  page,
  problem,
  request,
  label,
  intro,
}: {
  form: PageFormName;
  /** The form as the server rendered the page (the page's `usePageForm(form)`). */
  page: { returned?: PageFormState; sent?: string };
  problem: string | null;
  request: (email: string) => Promise<{ message: string }>;
  /** The form's accessible name. */
  label: string;
  intro: string;
}) {
  const form = useZodForm(loadSchema, { email: '' }, page.returned);
  const [sent, setSent] = useState<string | null>(page.sent ?? null);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      setSent((await request(email)).message);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length === 0)
        form.setErrors({ email: error.message });
      throw error;
    }
  });

  return (
    <div className="mt-8 flex flex-col gap-4">
      <ProblemAlert message={problem} />
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form
          {...form.formProps}
          onSubmit={(event) => void submit(event).catch(() => undefined)}
          aria-label={label}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name={PAGE_FORM_FIELD} value={formName} />
          <p>{intro}</p>
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
