import type { OfflineGiftView } from '~/shared/schemas/offline-gifts';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import {
  giftPhotoUrl,
  useUploadGiftPhoto,
} from '~/client/features/offline-gifts/api/offline-gifts';
import { giftLabel } from './gift-label';

const control =
  'inline-flex min-h-9 items-center justify-center rounded-md border border-navy-800 bg-white px-3 text-sm font-semibold whitespace-nowrap text-navy-900';

/**
 * A gift's photo of its cheque or voucher in the list: "Photo" opens it (the office's session
 * only), and "Add photo" or "Replace photo" sends one, from the phone's camera where there is one.
 * A voided gift keeps its place here too: the returned cheque is why it was voided.
 */
export function GiftPhotoControl({ gift }: { gift: OfflineGiftView }) {
  const toast = useToast();
  const upload = useUploadGiftPhoto();
  const action = gift.hasPhoto ? 'Replace photo' : 'Add photo';

  const send = async (file: File) => {
    try {
      await upload.mutateAsync({ id: gift.id, file });
      toast({
        title: 'Photo Kept',
        description: `The photo of ${giftLabel(gift)}: its cheque or voucher is kept with the gift.`,
      });
    } catch (error) {
      toast(
        failureToast(error, 'The photo could not be sent. Please try again.', 'Photo Not Kept'),
      );
    }
  };

  return (
    <span className="flex flex-wrap items-center gap-2">
      {gift.hasPhoto ? (
        <a
          href={giftPhotoUrl(gift.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Photo of the cheque or voucher for ${giftLabel(gift)} (opens in a new tab)`}
          className="font-semibold text-navy-900 underline underline-offset-2"
        >
          Photo
        </a>
      ) : null}
      {/* The label is the visible control; the input inside it takes the focus and the keys. */}
      <label
        className={`${control} cursor-pointer hover:bg-navy-900 hover:text-white focus-within:ring-2 focus-within:ring-navy-700 focus-within:ring-offset-2`}
      >
        <input
          type="file"
          className="sr-only"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          disabled={upload.isPending}
          aria-label={`${action}: the cheque or voucher of ${giftLabel(gift)}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Emptied, so the same file chosen again is sent again.
            event.target.value = '';
            if (file) void send(file);
          }}
        />
        {upload.isPending ? 'Sending...' : action}
      </label>
    </span>
  );
}
