import { useState } from 'react';
import { Button } from '../components/ui/button';
import { getCardGift, openCardPortal } from '../features/donate/api/manage-gift';
import { ManagedGiftFrame } from '../features/donate/components/managed-gift';

/**
 * /donate/manage?token=…: a monthly card gift, from the link in its receipts. The button opens
 * Stripe's customer portal (change the card, cancel); the session is made only on that click,
 * never by a mail scanner opening the link.
 */
export default function ManageGiftPage() {
  return (
    <ManagedGiftFrame title="Your Monthly Gift" load={getCardGift}>
      {(_gift, token) => <PortalButton token={token} />}
    </ManagedGiftFrame>
  );
}

function PortalButton({ token }: { token: string }) {
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
      <Button
        variant="secondary"
        disabled={opening}
        onClick={() => {
          setOpening(true);
          setProblem(null);
          openCardPortal(token).then(
            ({ url }) => window.location.assign(url),
            (error: unknown) => {
              setProblem(error instanceof Error ? error.message : 'Please try again.');
              setOpening(false);
            },
          );
        }}
      >
        {opening ? 'Opening...' : 'Change card or cancel'}
      </Button>
      <p className="text-sm text-stone-700">
        This opens our payment processor Stripe’s secure page for your gift.
      </p>
    </>
  );
}
