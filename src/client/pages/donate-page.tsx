import type { ReactNode } from 'react';
import type { DonateOptions } from '~/shared/donate-options';
import { PageHeader } from '~/client/components/layout/page-header';
import { Tabs } from '~/client/components/ui/tabs';
import { DonateBanners } from '~/client/features/donations/components/donate-banners';
import { GiveAnotherWay } from '~/client/features/donations/components/give-another-way';
import { ImpactList } from '~/client/features/donations/components/impact-list';
import { MethodChoice } from '~/client/features/donations/components/method-choice';
import { MonthlyTiers } from '~/client/features/donations/components/monthly-tiers';
import { OneTimeGift } from '~/client/features/donations/components/one-time-gift';
import { donateQuery, type DonateChoice } from '~/client/features/donations/lib/donate-choice';
import { useDonateChoice } from '~/client/features/donations/lib/use-donate-choice';
import { useDonateFlags } from '~/client/features/donations/lib/use-donate-flags';
import { useDonateOptions } from '~/client/features/donations/lib/use-donate-options';

/**
 * Spec 2, /donate: one-time and monthly giving, by card or OJC Fund, and the result banners. The
 * donor's choice is in the address (`?amount=72&type=subscription&method=ojc`, `tab=monthly`);
 * only the methods set up are offered, and with none the office's contacts instead of a form.
 */
export default function DonatePage() {
  const flags = useDonateFlags();
  const options = useDonateOptions();
  const { choice, methods, method, change } = useDonateChoice(options);
  // Each tab is also the address of the page open on it, so it works without scripts.
  const tabHref = (tab: DonateChoice['tab']) =>
    `/donate?${donateQuery({ ...choice, tab }, method)}`;
  // A tab's form needs the ways to give the page reads; meanwhile, a status.
  const whenRead = (form: (options: DonateOptions) => ReactNode) =>
    options ? (
      form(options)
    ) : (
      <p role="status" className="text-stone-700">
        Loading the ways to give…
      </p>
    );

  return (
    <>
      <PageHeader title="Support Our Sacred Mission">
        Your gift sustains the prayers at the tziyun and the Torah legacy of our community. Every
        donation is tax-deductible.
      </PageHeader>
      <DonateBanners
        success={flags.success}
        error={flags.error}
        membership={flags.membership}
        campaign={flags.campaign}
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <Tabs
          label="Kind of gift"
          selected={choice.tab}
          onSelect={(tab) => change({ tab })}
          items={[
            {
              id: 'onetime',
              label: 'One-Time',
              href: tabHref('onetime'),
              panel: (
                <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
                  <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
                    <h2 className="mb-6 font-display text-3xl font-semibold text-navy-950">
                      Make a Donation
                    </h2>
                    {whenRead(({ limits, methods: setUp }) =>
                      setUp.onetime.length > 0 ? (
                        <OneTimeGift
                          choice={choice}
                          methods={methods}
                          method={method}
                          limits={limits}
                          onChange={change}
                        />
                      ) : (
                        <GiveAnotherWay />
                      ),
                    )}
                  </div>
                  <ImpactList />
                </div>
              ),
            },
            {
              id: 'monthly',
              label: 'Monthly',
              href: tabHref('monthly'),
              panel: (
                <div className="flex flex-col gap-8">
                  <h2 className="text-center font-display text-3xl font-semibold text-navy-950">
                    Become a Monthly Partner
                  </h2>
                  <div className="mx-auto w-full max-w-xl">
                    {whenRead(() =>
                      methods.length > 0 ? (
                        <MethodChoice
                          value={method}
                          offered={methods}
                          onChange={(m) => change({ method: m })}
                        />
                      ) : (
                        <GiveAnotherWay title="Monthly payments cannot be made online right now">
                          Monthly payments by card or OJC Fund charity card are not set up on this
                          site yet. You can still join a tier below, and pay the office.
                        </GiveAnotherWay>
                      ),
                    )}
                  </div>
                  <MonthlyTiers method={method} />
                </div>
              ),
            },
          ]}
        />
      </div>
    </>
  );
}
