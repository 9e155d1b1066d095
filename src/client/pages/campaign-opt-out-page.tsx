import { useSearchParams } from 'wouter';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import {
  campaignOptOutMessages,
  type CampaignOptOutPageData,
} from '~/shared/schemas/campaign-opt-out';
import { usePageForm, useServerPageData } from '~/client/app/page-data';
import { OfficeContact } from '~/client/components/layout/office-contact';
import { Button } from '~/client/components/ui/button';

/**
 * /donate/opt-out?token=…: "Don't ask me again for this campaign", from a campaign gift's
 * receipt. The server renders the campaign the link names, and the button is a plain form posted
 * to the page: it works without JavaScript. Opening the page records nothing.
 */
export default function CampaignOptOutPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const server = useServerPageData<CampaignOptOutPageData>() ?? {
    problem: campaignOptOutMessages.invalid,
  };
  const { returned, sent } = usePageForm('campaign-opt-out');
  const problem = returned?.errors._ ?? returned?.errors.token;
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-navy-950">Don’t ask me again</h1>
      <div className="mt-8 flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
        {'problem' in server ? (
          <div role="alert">
            <p className="text-lg text-red-900">{server.problem}</p>
            <p className="mt-3 text-stone-800">
              The office: <OfficeContact />.
            </p>
          </div>
        ) : (
          <>
            <p className="text-stone-800">
              Thank you for your gift to <strong>{server.campaignTitle}</strong>.
            </p>
            {sent || problem ? (
              <p role={problem ? 'alert' : 'status'} className="rounded-md bg-stone-100 p-3">
                {sent ?? problem}
              </p>
            ) : null}
            {server.optedOut ? (
              sent ? null : (
                <p role="status" className="text-stone-800">
                  {campaignOptOutMessages.already}
                </p>
              )
            ) : (
              <form
                method="post"
                action={`/donate/opt-out?token=${encodeURIComponent(token)}`}
                aria-label="Don’t ask me again for this campaign"
                className="flex flex-col gap-4"
              >
                <p className="text-stone-800">
                  Press the button and we will tell the office and the team leaders of this campaign
                  not to ask you again for it. Your gift and its receipt stay as they are.
                </p>
                <input type="hidden" name={PAGE_FORM_FIELD} value="campaign-opt-out" />
                <input type="hidden" name="token" value={token} />
                <Button type="submit">Don’t ask me again for this campaign</Button>
              </form>
            )}
          </>
        )}
      </div>
    </section>
  );
}
