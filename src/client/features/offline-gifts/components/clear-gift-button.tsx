import type { OfflineGiftView } from '~/shared/schemas/offline-gifts';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useClearOfflineGift } from '~/client/features/offline-gifts/api/offline-gifts';

/**
 * Marks a campaign gift's money received (the cheque cleared): it takes its receipt number, its
 * match when the campaign matches offline gifts, and its receipt is mailed.
 */
export function ClearGiftButton({ gift }: { gift: OfflineGiftView }) {
  const toast = useToast();
  const clear = useClearOfflineGift(gift.id);
  const onClick = async () => {
    try {
      const { gift: saved } = await clear.mutateAsync(undefined);
      toast({
        title: 'Gift Cleared',
        description: `Receipt ${saved.receiptNumber}: ${saved.name}'s gift counts in ${saved.campaign?.title ?? 'its campaign'} now.${saved.email ? ' The receipt was sent by email.' : ''}`,
      });
    } catch (error) {
      toast(failureToast(error, 'The gift was not cleared. Please try again.', 'Not Cleared'));
    }
  };
  return (
    <ActionButton
      onClick={() => void onClick()}
      disabled={clear.isPending}
      aria-label={`Mark cleared: ${gift.name}'s pending gift`}
    >
      {clear.isPending ? 'Clearing...' : 'Mark Cleared'}
    </ActionButton>
  );
}
