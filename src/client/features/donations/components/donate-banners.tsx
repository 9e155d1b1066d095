import { OfficeContact } from '~/client/components/layout/office-contact';

/** Spec 2: the green thank-you after a payment, the red banner after a payment issue. */
export function DonateBanners({
  success,
  error,
  membership = false,
  campaign = null,
}: {
  success: boolean;
  error: boolean;
  /** The gift was for this campaign (its slug): the thank-you links back to its page. */
  campaign?: string | null;
  /** The payment was a membership's first: the thank-you says the membership has begun. */
  membership?: boolean;
}) {
  if (!success && !error) return null;
  return (
    <div className="mx-auto mt-8 max-w-4xl px-4 sm:px-6">
      {success ? (
        <div
          role="status"
          className="rounded-xl border border-green-700 bg-green-50 p-5 text-green-900"
        >
          <p className="text-lg font-semibold">Thank you for your generous donation!</p>
          {membership ? (
            <p className="mt-1">
              Your membership begins with this payment: the Rabbi will carry your intentions to the
              tziyun every week. A welcome email and your receipt are on their way.
            </p>
          ) : (
            <p className="mt-1">
              Your gift supports the prayers at the tziyun. A receipt is on its way to your email.
            </p>
          )}
          {campaign ? (
            <p className="mt-2">
              <a
                href={`/campaign/${campaign}`}
                className="font-semibold underline underline-offset-2"
              >
                Back to the campaign
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <div role="alert" className="rounded-xl border border-red-700 bg-red-50 p-5 text-red-900">
          <p>
            There was an issue processing your payment. Please try again or contact us at{' '}
            <OfficeContact />.
          </p>
        </div>
      ) : null}
    </div>
  );
}
