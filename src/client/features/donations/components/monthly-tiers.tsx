import { useSiteContent } from '~/client/lib/site-content';
import { buttonClass } from '~/client/components/ui/button';
import { MonthlyPrice, TierBenefits } from '~/client/components/tier-parts';
import { Link } from 'wouter';
import type { CheckoutMethod } from '~/shared/domain';

/**
 * Spec 2: the monthly tab's tier cards, by the donate page's names (Spark, Flame, Illumination).
 * Each leads into joining its tier with the method chosen here: a tier is a membership, and a
 * plain monthly gift is the amount tab's. Without a method set up for monthly gifts,
 * joining still works: the office takes the first payment.
 */
export function MonthlyTiers({ method }: { method: CheckoutMethod | null }) {
  const tiers = useSiteContent('tiers');
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {tiers.map((tier) => (
        <li
          key={tier.id}
          className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ${tier.popular ? 'ring-2 ring-gold-700' : 'ring-stone-300'}`}
        >
          {tier.popular ? (
            <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-gold-500 px-3 py-0.5 text-xs font-bold tracking-wide text-navy-950 uppercase">
              Most Popular
            </p>
          ) : null}
          <h3 className="font-display text-2xl font-semibold text-navy-950">{tier.donateName}</h3>
          <MonthlyPrice
            price={tier.price}
            className="mt-2 text-3xl font-semibold text-navy-950"
            unitClassName="text-stone-700"
          />
          <TierBenefits
            benefits={tier.benefits}
            mark="✓"
            className="mt-4 mb-6 space-y-2 text-stone-800"
            itemClassName="flex gap-2"
            markClassName="text-gold-700"
          />
          <Link
            href={`/join?tier=${tier.id}${method ? `&method=${method}` : ''}`}
            className={buttonClass(tier.popular ? 'primary' : 'secondary', 'mt-auto w-full')}
          >
            Subscribe ${tier.price}/month
          </Link>
        </li>
      ))}
    </ul>
  );
}
