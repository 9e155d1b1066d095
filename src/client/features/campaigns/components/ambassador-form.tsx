import { useId } from 'react';
import { usePageForm } from '~/client/app/page-data';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { buttonClass } from '~/client/components/ui/button';
import { HoneypotField, TextField } from '~/client/components/ui/field';
import { useZodForm } from '~/client/lib/use-zod-form';

const loadSchema = () =>
  import('~/shared/schemas/campaign-teams').then((m) => m.ambassadorRequestInput);

const fields = [
  { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name', required: true },
  { name: 'email', label: 'Your email', type: 'email', autoComplete: 'email', required: true },
  { name: 'team', label: 'Team name', type: 'text', autoComplete: 'off', required: true },
  {
    name: 'goal',
    label: 'Team goal in dollars (optional)',
    type: 'text',
    autoComplete: 'off',
    required: false,
  },
] as const;

/**
 * "Be an ambassador": a plain form posted to the campaign's page (it works without JavaScript;
 * with it, the browser checks it first); the office approves the team before it is shown. What
 * was typed and each field's message come back with the page when something needs correcting.
 */
export function AmbassadorForm() {
  const headingId = useId();
  const { returned, sent } = usePageForm('ambassador-request');
  const form = useZodForm(
    loadSchema,
    { name: '', email: '', team: '', goal: '', website: '' },
    returned,
  );
  return (
    <section
      id="ambassador"
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-300"
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold text-navy-950">
        Be an ambassador
      </h2>
      <p className="mt-1 text-stone-800">
        Bring your family, shiur or class together as a team, with its own page and goal. The office
        looks at each team before it is shown.
      </p>
      {sent ? (
        <p role="status" className="mt-3 rounded-lg bg-cream-100 p-3 text-stone-900">
          {sent}
        </p>
      ) : (
        <form
          {...form.formProps}
          action="#ambassador"
          onSubmit={form.postWhenValid}
          className="mt-4 flex flex-col gap-3"
        >
          <input type="hidden" name={PAGE_FORM_FIELD} value="ambassador-request" />
          {form.errors._ ? (
            <p role="alert" className="text-red-700">
              {form.errors._}
            </p>
          ) : null}
          {fields.map(({ name, ...field }) => (
            <TextField key={name} {...field} {...form.field(name)} />
          ))}
          <HoneypotField value={form.values.website} onValue={form.setValue} />
          <button type="submit" className={buttonClass('secondary', 'w-full')}>
            Ask to be an ambassador
          </button>
        </form>
      )}
    </section>
  );
}
