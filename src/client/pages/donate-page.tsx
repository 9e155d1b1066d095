import { useState } from 'react';
import { PageHeader } from '../components/layout/page-header';
import { Tabs } from '../components/ui/tabs';
import { DonateBanners } from '../features/donate/components/donate-banners';
import { ImpactList } from '../features/donate/components/impact-list';
import { MethodChoice } from '../features/donate/components/method-choice';
import { MonthlyTiers } from '../features/donate/components/monthly-tiers';
import { OneTimeGift } from '../features/donate/components/one-time-gift';
import type { PayMethod } from '~/shared/checkout-link';
import { useDonateFlags } from '../features/donate/lib/use-donate-flags';

type Tab = 'onetime' | 'monthly';

/** Spec 2, /donate: one-time and monthly giving, by card or OJC Fund, and the result banners. */
export default function DonatePage() {
  const flags = useDonateFlags();
  const [tab, setTab] = useState<Tab>('onetime');
  const [method, setMethod] = useState<PayMethod>('credit_card');

  return (
    <>
      <PageHeader title="Support Our Sacred Mission">
        Your gift sustains the prayers at the tziyun and the Torah legacy of our community. Every
        donation is tax-deductible.
      </PageHeader>
      <DonateBanners success={flags.success} error={flags.error} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <Tabs
          label="Kind of gift"
          selected={tab}
          onSelect={setTab}
          items={[
            {
              id: 'onetime',
              label: 'One-Time',
              panel: (
                <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
                  <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
                    <h2 className="mb-6 font-display text-3xl font-semibold text-navy-950">
                      Make a Donation
                    </h2>
                    <OneTimeGift method={method} onMethodChange={setMethod} />
                  </div>
                  <ImpactList />
                </div>
              ),
            },
            {
              id: 'monthly',
              label: 'Monthly',
              panel: (
                <div className="flex flex-col gap-8">
                  <h2 className="text-center font-display text-3xl font-semibold text-navy-950">
                    Become a Monthly Partner
                  </h2>
                  <div className="mx-auto w-full max-w-xl">
                    <MethodChoice value={method} onChange={setMethod} />
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
