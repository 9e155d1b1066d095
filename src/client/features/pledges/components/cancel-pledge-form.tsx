import type { PledgeView } from '~/shared/schemas/pledges';
import { formatMoney } from '~/shared/money';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useCancelPledge } from '~/client/features/pledges/api/pledges';

const loadSchema = () => import('~/shared/schemas/pledges').then((m) => m.pledgeCancelInput);

/** Cancels a pledge the donor will not give, with the reason the office keeps. */
export function CancelPledgeForm({
  pledge,
  titleId,
  onDone,
}: {
  pledge: PledgeView;
  titleId: string;
  onDone: () => void;
}) {
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
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      aria-labelledby={titleId}
      className="mt-4 flex flex-col gap-4"
    >
      <p className="text-stone-700">
        {pledge.name}&rsquo;s pledge of {formatMoney(Math.round(pledge.amount * 100), 'usd')} leaves
        the open list. No money is involved.
      </p>
      <TextField label="Reason" required autoComplete="off" {...form.field('reason')} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onDone}>
          Keep Pledge
        </Button>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={form.submitting}
        >
          {form.submitting ? 'Cancelling...' : 'Cancel Pledge'}
        </button>
      </div>
    </form>
  );
}
