import { usePageForm } from '~/client/app/page-data';
import { EmailLinkRequest } from '~/client/components/email-link-request';
import { requestPrayerLink } from '~/client/features/prayer-names/api/prayer-names';

/**
 * Signed out: asks for a new link by email. Without JavaScript it posts to the page
 * (`prayer-link`), which comes back saying the link is on its way.
 */
export function LinkRequest({ problem }: { problem: string | null }) {
  return (
    <EmailLinkRequest
      form="prayer-link"
      page={usePageForm('prayer-link')}
      problem={problem}
      request={requestPrayerLink}
      label="Ask for a link to your names"
      intro="Members and donors: enter your email and we will send you a link to your names."
    />
  );
}
