import { useState, type ReactNode } from 'react';
import { formatMoney } from '~/shared/money';
import type { PledgeListing, PledgeView } from '~/shared/schemas/pledges';
import { EmptyState, QueryPanel } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { usePledgesQuery, useRemindPledge } from '~/client/features/pledges/api/pledges';
import { CancelPledgeForm } from './cancel-pledge-form';
import { PayPledgeForm } from './pay-pledge-form';
import type { PledgeActionProps } from './pledge-action-form';
import { PledgeDialog } from './pledge-dialog';
import { PledgeForm } from './pledge-form';
import { PledgeItem, type PledgeAction } from './pledge-item';

type DialogAction = Exclude<PledgeAction, 'remind'>;

const dialogTitles: Record<DialogAction, string> = {
  pay: 'Mark Pledge Paid',
  edit: 'Edit Pledge',
  cancel: 'Cancel Pledge',
};

/** The form each action asks with: editing is the pledge form, holding the pledge. */
const dialogForms: Record<DialogAction, (props: PledgeActionProps) => ReactNode> = {
  pay: PayPledgeForm,
  edit: ({ pledge, ...props }) => <PledgeForm editing={pledge} {...props} />,
  cancel: CancelPledgeForm,
};

/**
 * Pledges: promises the office writes down, listed apart from the gifts (open first, the overdue
 * marked), reminded by mail only on the office's click, and made a gift when paid. One column on
 * a phone; Mark paid and Cancel ask in a dialog.
 */
export default function PledgesPanel() {
  const toast = useToast();
  const query = usePledgesQuery();
  const remind = useRemindPledge();
  const [asking, setAsking] = useState<{ action: DialogAction; pledge: PledgeView } | null>(null);
  const close = () => setAsking(null);

  const onAction = (action: PledgeAction, pledge: PledgeView) => {
    if (action !== 'remind') {
      setAsking({ action, pledge });
      return;
    }
    remind.mutate(pledge.id, {
      onSuccess: () =>
        toast({
          title: 'Reminder Sent',
          description: `A kind reminder is on its way to ${pledge.email ?? pledge.name}.`,
        }),
      onError: (error) =>
        toast(failureToast(error, 'The reminder was not sent. Please try again.', 'Not Sent')),
    });
  };

  const item = (p: PledgeView) => (
    <PledgeItem
      key={p.id}
      pledge={p}
      busy={remind.isPending && remind.variables === p.id}
      onAction={onAction}
    />
  );

  return (
    <QueryPanel
      title="Pledges"
      description="A pledge is a promise, not money: it counts in no total, statement or My giving until it is paid. Marking it paid records the gift, with its receipt number."
      query={query}
      loadingLabel="Loading pledges…"
      errorTitle="Pledges did not load"
      controls={<PledgeForm />}
      footer={
        <PledgeDialog
          open={asking !== null}
          title={asking ? dialogTitles[asking.action] : ''}
          onDismiss={close}
        >
          {(titleId) => {
            if (!asking) return null;
            const Form = dialogForms[asking.action];
            return <Form pledge={asking.pledge} titleId={titleId} onDone={close} />;
          }}
        </PledgeDialog>
      }
    >
      {(listing) => <PledgeLists listing={listing} item={item} />}
    </QueryPanel>
  );
}

/** The open pledges first, then the paid and cancelled; a word where there is none. */
function PledgeLists({
  listing,
  item,
}: {
  listing: PledgeListing;
  item: (pledge: PledgeView) => ReactNode;
}) {
  const open = listing.pledges.filter((p) => p.status === 'open');
  const closed = listing.pledges.filter((p) => p.status !== 'open');
  return (
    <>
      <section aria-labelledby="open-pledges" className="flex flex-col gap-3">
        <h3 id="open-pledges" className="font-display text-xl font-semibold text-navy-950">
          Open pledges
        </h3>
        <p className="text-stone-800">
          {open.length === 0
            ? 'No open pledges.'
            : `${open.length} open, ${formatMoney(Math.round(listing.openAmount * 100), 'usd')} promised and not yet received.`}
        </p>
        {open.length > 0 ? (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Open pledges">
            {open.map(item)}
          </ul>
        ) : null}
      </section>
      {closed.length > 0 ? (
        <section aria-labelledby="closed-pledges" className="flex flex-col gap-3">
          <h3 id="closed-pledges" className="font-display text-xl font-semibold text-navy-950">
            Paid and cancelled
          </h3>
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Paid and cancelled pledges">
            {closed.map(item)}
          </ul>
        </section>
      ) : open.length === 0 ? (
        <EmptyState>Pledges the office records appear here.</EmptyState>
      ) : null}
    </>
  );
}
