import type { PledgeFormValues } from '~/shared/schemas/pledges';
import { Button } from '~/client/components/ui/button';
import { TextAreaField, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { formatMoney } from '~/shared/money';
import { formatLongDate } from '~/shared/schedule';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useCreatePledge } from '~/client/features/pledges/api/pledges';

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

/** The office writes down a promise: who, how much, by when, for what. No money moves. */
export function PledgeForm() {
  const toast = useToast();
  const create = useCreatePledge();
  const form = useZodForm(loadSchema, blank());
  const { field, submitting } = form;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { pledge } = await create.mutateAsync(input);
      toast({
        title: 'Pledge Recorded',
        description: `${formatMoney(Math.round(pledge.amount * 100), 'usd')} from ${pledge.name}, expected by ${formatLongDate(pledge.expectedOn)}. It counts nowhere as money until it is paid.`,
      });
      form.reset();
    } catch (error) {
      toast(failureToast(error, 'The pledge was not recorded. Please try again.', 'Not Recorded'));
      throw error;
    }
  });

  return (
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      aria-label="Record a pledge"
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Donor's name" required autoComplete="off" {...field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          hint="Optional: for reminders and the receipt once paid."
          {...field('email')}
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
      <Button type="submit" disabled={submitting} className="self-start">
        {submitting ? 'Recording...' : 'Record Pledge'}
      </Button>
    </form>
  );
}
