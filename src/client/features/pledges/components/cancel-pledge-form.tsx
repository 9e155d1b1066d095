import { formatMoney } from '~/shared/money';
import { TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useCancelPledge } from '~/client/features/pledges/api/pledges';
import { PledgeActionForm, type PledgeActionProps } from './pledge-action-form';

const loadSchema = () => import('~/shared/schemas/pledges').then((m) => m.pledgeCancelInput);

/** Cancels a pledge the donor will not give, with the reason the office keeps. */
export function CancelPledgeForm({ pledge, titleId, onDone }: PledgeActionProps) {
  const toast = useToast();
  const cancel = useCancelPledge();
  const form = useZodForm(loadSchema, { reason: '' });

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync({ id: pledge.id, reason });
      toast({ title: 'Pledge Cancelled', description: `${pledge.name}'s pledge is cancelled.` });
      onDone();
    } catch (error) {
      toast(
        failureToast(error, 'The pledge was not cancelled. Please try again.', 'Not Cancelled'),
      );
      throw error;
    }
  });

  return (
    <PledgeActionForm
      formProps={form.formProps}
      onSubmit={onSubmit}
      titleId={titleId}
      intro={
        <>
          {pledge.name}&rsquo;s pledge of {formatMoney(Math.round(pledge.amount * 100), 'usd')}{' '}
          leaves the open list. No money is involved.
        </>
      }
      dismissLabel="Keep Pledge"
      onDismiss={onDone}
      submit={
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={form.submitting}
        >
          {form.submitting ? 'Cancelling...' : 'Cancel Pledge'}
        </button>
      }
    >
      <TextField label="Reason" required autoComplete="off" {...form.field('reason')} />
    </PledgeActionForm>
  );
}
