import type { PledgeFormValues, PledgeInput, PledgeView } from '~/shared/schemas/pledges';
import { Button } from '~/client/components/ui/button';
import { OfficeDonorFields } from '~/client/components/office-donor-fields';
import { TextAreaField, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { formatMoney } from '~/shared/money';
import { formatLongDate } from '~/shared/schedule';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useCreatePledge, useUpdatePledge } from '~/client/features/pledges/api/pledges';

const loadSchema = () => import('~/shared/schemas/pledges').then((m) => m.pledgeInput);

const blank = (): PledgeFormValues => ({
  name: '',
  email: '',
  address: '',
  amount: '',
  expectedOn: '',
  campaign: '',
  note: '',
});

const valuesOf = (p: PledgeView): PledgeFormValues => ({
  name: p.name,
  email: p.email ?? '',
  address: p.address ?? '',
  amount: p.amount.toFixed(2),
  expectedOn: p.expectedOn,
  campaign: p.campaign ?? '',
  note: p.note ?? '',
});

/**
 * The office writes down a promise: who, how much, by when, for what. No money moves. Given
 * `editing` (in its dialog), the same form changes an open pledge.
 */
export function PledgeForm({
  editing,
  titleId,
  onDone,
}: {
  editing?: PledgeView;
  titleId?: string;
  onDone?: () => void;
}) {
  const toast = useToast();
  const create = useCreatePledge();
  const update = useUpdatePledge();
  const form = useZodForm(loadSchema, editing ? valuesOf(editing) : blank());
  const { field, submitting } = form;

  const save = async (input: PledgeInput) => {
    if (editing) {
      const { pledge } = await update.mutateAsync({ id: editing.id, pledge: input });
      toast({ title: 'Pledge Saved', description: `${pledge.name}'s pledge is changed.` });
      onDone?.();
      return;
    }
    const { pledge } = await create.mutateAsync(input);
    toast({
      title: 'Pledge Recorded',
      description: `${formatMoney(Math.round(pledge.amount * 100), 'usd')} from ${pledge.name}, expected by ${formatLongDate(pledge.expectedOn)}. It counts nowhere as money until it is paid.`,
    });
    form.reset();
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save(input);
    } catch (error) {
      toast(failureToast(error, 'The pledge was not saved. Please try again.', 'Not Saved'));
      throw error;
    }
  });

  return (
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      {...(editing ? { 'aria-labelledby': titleId } : { 'aria-label': 'Record a pledge' })}
      className={
        editing
          ? 'mt-4 flex flex-col gap-4'
          : 'flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6'
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <OfficeDonorFields
          field={field}
          emailHint="Optional: for reminders and the receipt once paid."
        />
        <TextField
          label="Amount pledged (dollars)"
          required
          inputMode="decimal"
          autoComplete="off"
          {...field('amount')}
        />
        <TextField label="Expected by" type="date" required {...field('expectedOn')} />
      </div>
      <TextField
        label="What it is for"
        hint="Optional: a campaign or a purpose, in the donor's words."
        autoComplete="off"
        {...field('campaign')}
      />
      <TextAreaField
        label="Postal address"
        rows={3}
        hint="For the receipt once paid; needed when there is no email."
        {...field('address')}
      />
      <TextAreaField
        label="Note for the office"
        rows={2}
        hint="Never shown to the donor."
        {...field('note')}
      />
      {editing ? (
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onDone}>
            Close
          </Button>
          <Button type="submit" variant="secondary" disabled={submitting}>
            {submitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      ) : (
        <Button type="submit" disabled={submitting} className="self-start">
          {submitting ? 'Recording...' : 'Record Pledge'}
        </Button>
      )}
    </form>
  );
}
