import { useState } from 'react';
import { Button } from '../components/ui/button';
import { cancelOjcGift, getOjcGift, type ManagedGift } from '../features/donate/api/manage-gift';
import { ManagedGiftFrame } from '../features/donate/components/managed-gift';

/** /donate/cancel?token=…: stops a monthly OJC gift, from the link in its receipts, on a click. */
export default function CancelGiftPage() {
  return (
    <ManagedGiftFrame title="Your Monthly OJC Gift" load={getOjcGift}>
      {(gift, token, update) => <CancelButton gift={gift} token={token} onCancelled={update} />}
    </ManagedGiftFrame>
  );
}

function CancelButton({
  gift,
  token,
  onCancelled,
}: {
  gift: ManagedGift;
  token: string;
  onCancelled: (gift: ManagedGift) => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (gift.status !== 'active') {
    return (
      <p role="status" className="text-stone-800">
        No further charges will be made. Thank you for your support.
      </p>
    );
  }
  return (
    <>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
      <Button
        variant="secondary"
        disabled={cancelling}
        onClick={() => {
          setCancelling(true);
          setProblem(null);
          cancelOjcGift(token).then(
            (result) => onCancelled(result.gift),
            (error: unknown) => {
              setProblem(error instanceof Error ? error.message : 'Please try again.');
              setCancelling(false);
            },
          );
        }}
      >
        {cancelling ? 'Cancelling...' : 'Cancel my monthly gift'}
      </Button>
    </>
  );
}
