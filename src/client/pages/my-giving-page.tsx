import { useEffect, useState } from 'react';
import { formatMoney } from '~/shared/money';
import type { MyGiving, MyGivingPageData } from '~/shared/schemas/my-giving';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { usePageForm, useServerPageData } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import { EmailLinkOpen } from '~/client/components/email-link-open';
import { EmailLinkRequest } from '~/client/components/email-link-request';
import { ApiError } from '~/client/lib/api';
import { fetchMyGiving, requestGivingLink } from '~/client/features/my-giving/api/my-giving';
import { GiftList } from '~/client/features/my-giving/components/gift-list';
import { OngoingGifts } from '~/client/features/my-giving/components/ongoing-gifts';
import { PrivacySection } from '~/client/features/my-giving/components/privacy-section';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; problem: string | null }
  | { kind: 'opening'; token: string }
  | ({ kind: 'ready' } & MyGiving);

async function givingFromApi(): Promise<State> {
  try {
    return { kind: 'ready', ...(await fetchMyGiving()) };
  } catch (error) {
    const noSession = error instanceof ApiError && error.status === 401;
    const problem = error instanceof Error ? error.message : 'Something went wrong.';
    return { kind: 'signed-out', problem: noSession ? null : problem };
  }
}

const heading = 'mb-3 font-display text-2xl font-semibold text-navy-950';

/**
 * /my-giving: a donor's gifts, monthly gifts, membership, receipts and year-end statements,
 * rendered by the server from the short session the emailed link's button set (a cookie, ADRs
 * 021 and 034; the link itself shows only the button). Without a session, the form to ask for a
 * link; it posts to the page without JavaScript.
 */
export default function MyGivingPage() {
  const server = useServerPageData<MyGivingPageData>();
  const [state, setState] = useState<State>(() => server ?? { kind: 'loading' });
  const linkForm = usePageForm('giving-link');
  const erasureForm = usePageForm('giving-erasure');
  const wallForm = usePageForm('giving-wall');
  const openForm = usePageForm('giving-link-open');
  const signOutForm = usePageForm('giving-sign-out');

  useEffect(() => {
    // Reached by a link inside the site: the server did not render this visit.
    if (!server) void givingFromApi().then(setState);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-navy-950">My Giving</h1>
      {state.kind === 'loading' ? (
        <p role="status" className="mt-8">
          Opening your giving…
        </p>
      ) : state.kind === 'opening' ? (
        <EmailLinkOpen
          form="giving-link-open"
          action="/my-giving"
          token={state.token}
          intro="This is your link to your gifts, receipts and year-end statements. It works once: press the button to see them."
          button="Show my giving"
        />
      ) : state.kind === 'signed-out' ? (
        <>
          {signOutForm.sent ? (
            <p role="status" className="mt-4 rounded-lg bg-cream-100 p-3 text-stone-900">
              {signOutForm.sent}
            </p>
          ) : null}
          <EmailLinkRequest
            form="giving-link"
            page={linkForm}
            problem={
              state.problem ??
              openForm.returned?.errors._ ??
              openForm.returned?.errors.token ??
              null
            }
            request={requestGivingLink}
            label="Ask for a link to your giving"
            intro="Enter the email you give with and we will send you a link to your gifts, receipts and year-end statements."
          />
        </>
      ) : (
        <div className="mt-4 flex flex-col gap-10">
          <p className="text-lg text-stone-800">
            Thank you for your gifts, {state.name}. This page shows what you gave with {state.email}
            ; it closes by itself after half an hour.
          </p>
          <section aria-labelledby="statements">
            <h2 id="statements" className={heading}>
              Year-end statements
            </h2>
            {state.years.length === 0 ? (
              <p>No gift received yet.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {state.years.map((y) => (
                  <li key={y.year}>
                    <a className="text-navy-800 underline" href={y.statementUrl}>
                      {y.year} statement (PDF)
                    </a>{' '}
                    · {formatMoney(y.keptCents)} in {y.gifts} {y.gifts === 1 ? 'gift' : 'gifts'}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="ongoing">
            <h2 id="ongoing" className={heading}>
              Monthly gifts and membership
            </h2>
            <OngoingGifts monthly={state.monthly} memberships={state.memberships} />
          </section>
          <section aria-labelledby="gifts">
            <h2 id="gifts" className={heading}>
              Your gifts
            </h2>
            <GiftList gifts={state.gifts} wallForm={wallForm} />
          </section>
          <PrivacySection page={erasureForm} />
          {/* A plain form: it ends the session on the server, with or without JavaScript. */}
          <form method="post" action="/my-giving">
            <input type="hidden" name={PAGE_FORM_FIELD} value="giving-sign-out" />
            <Button type="submit" variant="secondary">
              Sign out
            </Button>
          </form>
        </div>
      )}
    </section>
  );
}
