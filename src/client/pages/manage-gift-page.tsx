import { getCardGift, openCardPortal } from '../features/donate/api/manage-gift';
import { GiftAction, ManagedGiftFrame } from '../features/donate/components/managed-gift';

/**
 * /donate/manage?token=…: a monthly card gift, from the link in its receipts. The button opens
 * Stripe's customer portal (change the card, cancel); the session is made only on that click,
 * never by a mail scanner opening the link.
 */
export default function ManageGiftPage() {
  return (
    <ManagedGiftFrame title="Your Monthly Gift" load={getCardGift}>
      {(_gift, token) => (
        <>
          <GiftAction
            label="Change card or cancel"
            busyLabel="Opening..."
            run={() => openCardPortal(token)}
            onDone={({ url }) => window.location.assign(url)}
          />
          <p className="text-sm text-stone-700">
            This opens our payment processor Stripe’s secure page for your gift.
          </p>
        </>
      )}
    </ManagedGiftFrame>
  );
}
