import { useSearchParams } from 'wouter';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import type { OjcGiftPageData } from '~/shared/schemas/ojc';
import { usePageForm, useServerPageData } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import { getOjcGift } from '~/client/features/donations/api/manage-gift';
import { ManagedGiftFrame } from '~/client/features/donations/components/managed-gift';

/**
 * /donate/cancel?token=…: stops a monthly OJC gift, from the link in its receipts. The server
 * renders the gift, and the button is a plain form posted to the page (ADR 038): it works without
 * JavaScript, and with it there is still one way in. Opening the page cancels nothing.
 */
export default function CancelGiftPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const server = useServerPageData<OjcGiftPageData>();
  const { returned, sent } = usePageForm('gift-cancel');
  const problem = returned?.errors._ ?? returned?.errors.token;
  return (
    <ManagedGiftFrame title="Your Monthly OJC Gift" load={getOjcGift} server={server}>
      {(gift) => (
        <>
          {sent || problem ? (
            <p role={problem ? 'alert' : 'status'} className="rounded-md bg-stone-100 p-3">
              {sent ?? problem}
            </p>
          ) : null}
          {gift.status === 'active' ? (
            <form
              method="post"
              action={`/donate/cancel?token=${encodeURIComponent(token)}`}
              aria-label="Cancel my monthly gift"
            >
              <input type="hidden" name={PAGE_FORM_FIELD} value="gift-cancel" />
              <input type="hidden" name="token" value={token} />
              <Button type="submit" variant="secondary">
                Cancel my monthly gift
              </Button>
            </form>
          ) : sent ? null : (
            <p role="status" className="text-stone-800">
              No further charges will be made. Thank you for your support.
            </p>
          )}
        </>
      )}
    </ManagedGiftFrame>
  );
}
