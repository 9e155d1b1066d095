import { Link } from 'wouter';
import siteConfig from '~/client/lib/site-config';
import { buttonClass } from '~/client/components/ui/button';
import { SectionHeading } from './section-heading';

const card =
  'flex h-full flex-col items-center rounded-3xl bg-navy-900 px-6 py-8 text-center ring-1 ring-white/15 transition hover:-translate-y-1 hover:bg-navy-800 hover:ring-gold-400';

/**
 * Spec 2 and 9: monthly presets. They are plain links (a full page load) to checkout, which
 * loads the payment provider's script only there.
 */
export function DonateSection() {
  return (
    <section
      id="donate"
      aria-labelledby="donate-heading"
      className="bg-navy-950 py-20 text-white sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="donate-heading"
          eyebrow="Monthly Giving"
          title="Become a Monthly Partner"
          dark
        >
          <p>
            A monthly gift keeps the prayers at the tziyun going every week. Monthly subscriptions
            are fully tax-deductible.
          </p>
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {siteConfig.landingPresets.map((preset) => (
            <li key={preset.amount}>
              <a href={`/checkout?amount=${preset.amount}&type=subscription`} className={card}>
                <span className="font-display text-5xl font-semibold text-gold-300">
                  ${preset.amount}
                  <span className="font-sans text-base font-normal text-white/80">/month</span>
                </span>
                <span className="mt-3 text-xl font-semibold">{preset.label}</span>
                <span className="mt-1 text-sm text-white/80">{preset.note}</span>
              </a>
            </li>
          ))}
          <li>
            <Link href="/donate" className={card}>
              <span className="font-display text-5xl font-semibold text-gold-300">$</span>
              <span className="mt-3 text-xl font-semibold">Other / Choose Amount</span>
              <span className="mt-1 text-sm text-white/80">One-time or monthly</span>
            </Link>
          </li>
        </ul>
        <p className="mt-12 text-center">
          <Link href="/donate" className={buttonClass('primary', 'px-8 text-lg')}>
            Support for Miracles
          </Link>
        </p>
      </div>
    </section>
  );
}
