import { myGivingApi } from '~/shared/api/my-giving';
import { urlOf } from '~/shared/route';
import { PAGE_FORM_FIELD, type PageFormState } from '~/shared/page-forms';
import { Button } from '~/client/components/ui/button';
import { useZodForm } from '~/client/lib/use-zod-form';

const loadSchema = () => import('~/shared/schemas/my-giving').then((m) => m.erasureRequestInput);

/**
 * What the site holds about the donor: a download (JSON), and the request to be forgotten, a
 * plain form posted to the page (with or without JavaScript; with it, the browser checks the box
 * is ticked first) that the office then confirms.
 */
export function PrivacySection({ page }: { page: { returned?: PageFormState; sent?: string } }) {
  const form = useZodForm(loadSchema, { confirm: '' }, page.returned);
  const confirm = form.field('confirm');
  const error = confirm.error ?? form.errors._;
  return (
    <section aria-labelledby="privacy" className="flex flex-col gap-3">
      <h2 id="privacy" className="mb-1 font-display text-2xl font-semibold text-navy-950">
        Your data
      </h2>
      <p>
        <a className="text-navy-800 underline" href={urlOf(myGivingApi.export)}>
          Download everything we hold about you (JSON)
        </a>
      </p>
      {page.sent ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
          {page.sent}
        </p>
      ) : (
        <form
          {...form.formProps}
          action="/my-giving"
          onSubmit={form.postWhenValid}
          className="flex flex-col gap-3"
        >
          <input type="hidden" name={PAGE_FORM_FIELD} value="giving-erasure" />
          <p>
            You may ask us to forget you: your name, email, messages and names for prayer are
            erased; the records of your gifts that the law requires are kept, without your name.
          </p>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name={confirm.name}
              value="yes"
              checked={confirm.value === 'yes'}
              disabled={confirm.disabled}
              onChange={(e) => confirm.onValue(confirm.name, e.target.checked ? 'yes' : '')}
              className="mt-1 size-4"
              aria-describedby={error ? 'confirm-error' : undefined}
              aria-invalid={error ? true : undefined}
            />
            <span>I want to be forgotten</span>
          </label>
          {error ? (
            <p id="confirm-error" className="text-red-800">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="outline" className="self-start">
            Ask to be forgotten
          </Button>
        </form>
      )}
    </section>
  );
}
