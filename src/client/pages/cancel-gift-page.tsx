import { cancelOjcGift, getOjcGift } from '../features/donate/api/manage-gift';
import { GiftAction, ManagedGiftFrame } from '../features/donate/components/managed-gift';

/** /donate/cancel?token=…: stops a monthly OJC gift, from the link in its receipts, on a click. */
export default function CancelGiftPage() {
  return (
    <ManagedGiftFrame title="Your Monthly OJC Gift" load={getOjcGift}>
      {(gift, token, update) =>
        gift.status === 'active' ? (
          <GiftAction
            label="Cancel my monthly gift"
            busyLabel="Cancelling..."
            run={() => cancelOjcGift(token)}
            onDone={(result) => update(result.gift)}
          />
        ) : (
          <p role="status" className="text-stone-800">
            No further charges will be made. Thank you for your support.
          </p>
        )
      }
    </ManagedGiftFrame>
  );
}
