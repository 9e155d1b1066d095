import { useState } from 'react';
import type {
  ThankYouFormValues,
  ThankYouInput,
  ThankYouReach,
} from '~/shared/schemas/campaign-thank-you';
import type { CampaignView } from '~/shared/schemas/campaigns';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { TextAreaField } from '~/client/components/ui/field';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import {
  readThankYouReach,
  useSendThankYou,
} from '~/client/features/admin-campaigns/api/campaigns';

const loadSchema = () => import('~/shared/schemas/campaign-thank-you').then((m) => m.thankYouInput);

const people = (n: number) => (n === 1 ? '1 donor' : `${n} donors`);

function reachText(reach: ThankYouReach) {
  const parts = [];
  if (reach.alreadyThanked > 0) {
    parts.push(`${people(reach.alreadyThanked)} already thanked will not get it again.`);
  }
  if (reach.withoutEmail > 0) {
    parts.push(`${people(reach.withoutEmail)} without an email cannot be reached by mail.`);
  }
  return parts.join(' ');
}

/**
 * The thank-you after a campaign: the office writes the message (the subject and the closing
 * lines are fixed), sees how many donors will get it, and confirms. Each donor gets it once;
 * pressing again reaches only donors who gave since.
 */
export function ThankYouForm({
  campaign,
  onClose,
}: {
  campaign: CampaignView;
  onClose: () => void;
}) {
  const toast = useToast();
  const send = useSendThankYou(campaign.id);
  const form = useZodForm(loadSchema, { message: '' } as ThankYouFormValues);
  const [confirming, setConfirming] = useState<{
    body: ThankYouInput;
    reach: ThankYouReach;
  } | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      setConfirming({ body, reach: await readThankYouReach(campaign.id) });
    } catch (error) {
      toast(failureToast(error, 'The donors could not be counted. Please try again.', 'Not Sent'));
      throw error;
    }
  });
  const confirm = async () => {
    if (!confirming) return;
    try {
      const sent = await send.mutateAsync(confirming.body);
      toast({
        title: 'Thank-You Sent',
        description:
          sent.queued > 0
            ? `The thank-you is on its way to ${people(sent.queued)}.`
            : 'Every donor had already been thanked: nothing was sent again.',
      });
      setConfirming(null);
      onClose();
    } catch (error) {
      setConfirming(null);
      toast(failureToast(error, 'The thank-you was not sent. Please try again.', 'Not Sent'));
    }
  };
  const reach = confirming?.reach;
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      aria-label={`Thank the donors of ${campaign.title}`}
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 className="font-display text-xl font-semibold text-navy-950">
        Thank the donors of {campaign.title}
      </h3>
      <p className="text-stone-800">
        One mail to each donor whose gift was received, once. The subject is “Thank you for giving
        to {campaign.title}”; below your message the mail says why it came and where the receipt is.
      </p>
      <TextAreaField label="Your message" required rows={6} {...form.field('message')} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={form.submitting}>
          Send Thank-You…
        </Button>
        <ActionButton onClick={onClose}>Cancel</ActionButton>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Send the thank-you?"
        message={
          reach && reach.toSend > 0
            ? `${people(reach.toSend)} will get this mail.`
            : 'Every donor has already been thanked: no one will get it.'
        }
        detail={reach ? reachText(reach) : undefined}
        confirmLabel={reach && reach.toSend > 0 ? `Send to ${people(reach.toSend)}` : 'Send'}
        pending={send.isPending}
        onConfirm={() => void confirm()}
        onDismiss={() => setConfirming(null)}
      />
    </form>
  );
}
