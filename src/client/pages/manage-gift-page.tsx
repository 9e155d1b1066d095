import { useSearchParams } from 'wouter';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import type { ManageGiftPageData } from '~/shared/schemas/manage-gift';
import { usePageForm, useServerPageData } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import { getCardGift } from '~/client/features/donations/api/manage-gift';
import { ManagedGiftFrame } from '~/client/features/donations/components/managed-gift';
import { ProblemAlert } from '~/client/components/ui/field';

/**
 * /donate/manage?token=…: a monthly card gift, from the link in its receipts. The server renders
 * the gift, and the button is a plain form posted to the page (ADR 038), with or without
 * JavaScript: the server opens Stripe's customer portal (change the card, cancel) and sends the
 * donor there. The session is made only on that press, never by a mail scanner opening the link.
 */
export default function ManageGiftPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const server = useServerPageData<ManageGiftPageData>();
  const { returned } = usePageForm('gift-portal');
  const problem = returned?.errors._ ?? returned?.errors.token;
  return (
    <ManagedGiftFrame title="Your Monthly Gift" load={getCardGift} server={server}>
      {() => (
        <form
          method="post"
          action={`/donate/manage?token=${encodeURIComponent(token)}`}
          aria-label="Change card or cancel"
          className="flex flex-col gap-5"
        >
          <ProblemAlert
            message={problem ? `${problem} Nothing about your gift was changed.` : null}
          />
          <input type="hidden" name={PAGE_FORM_FIELD} value="gift-portal" />
          <input type="hidden" name="token" value={token} />
          <Button type="submit" variant="secondary" className="self-start">
            Change card or cancel
          </Button>
          <p className="text-sm text-stone-700">
            This opens our payment processor Stripe’s secure page for your gift.
          </p>
        </form>
      )}
    </ManagedGiftFrame>
  );
}
