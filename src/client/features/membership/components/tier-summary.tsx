import type { Tier } from '~/shared/site-config-schema';
import { MonthlyPrice, TierBenefits } from '~/client/components/tier-parts';

export const nextSteps = [
  'Submit your application',
  'Receive a confirmation email with payment details',
  'Receive your welcome materials and the prayer schedule',
  'Begin receiving tziyun prayers and guidance',
];

export function TierSummary({ tier }: { tier: Tier }) {
  return (
    <div className="space-y-8">
      <div className="rounded-2xl bg-navy-950 p-6 text-white sm:p-8">
        <p className="text-sm tracking-widest text-gold-300 uppercase">Selected tier</p>
        <h2 className="mt-1 font-display text-3xl font-semibold">{tier.name}</h2>
        <MonthlyPrice
          price={tier.price}
          className="mt-2 text-2xl font-semibold text-gold-300"
          unitClassName="text-white/80"
        />
        <TierBenefits
          benefits={tier.benefits}
          mark="✦"
          className="mt-6 space-y-3"
          itemClassName="flex gap-3"
          markClassName="mt-1 text-gold-300"
        />
      </div>
      <div className="rounded-2xl bg-white p-6 ring-1 ring-stone-200 sm:p-8">
        <h2 className="font-display text-2xl font-semibold text-navy-950">What Happens Next?</h2>
        <ol className="mt-5 space-y-4">
          {nextSteps.map((step, i) => (
            <li key={step} className="flex items-start gap-4">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gold-500 font-semibold text-navy-950">
                {i + 1}
              </span>
              <span className="pt-1 text-stone-800">{step}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
