import { Link } from 'wouter';
import { useSiteContent } from '~/client/lib/site-content';
import { buttonClass } from '~/client/components/ui/button';
import { Icon } from '~/client/components/ui/icon';
import { SectionHeading } from './section-heading';

export function MembershipSection() {
  const membershipBenefits = useSiteContent('membershipBenefits');
  return (
    <section
      id="membership"
      aria-labelledby="membership-heading"
      className="bg-cream-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="membership-heading"
          eyebrow="Membership Benefits"
          title="What Membership Brings"
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {membershipBenefits.map((benefit, i) => (
            <li key={i} className="flex gap-4 rounded-2xl bg-white p-6 ring-1 ring-stone-200">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-950 text-gold-300">
                <Icon name="check" className="size-5" />
              </span>
              <div>
                <h3 className="font-display text-2xl font-semibold text-navy-950">
                  {benefit.title}
                </h3>
                <p className="mt-1 text-stone-700">{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-12 text-center">
          <Link href="/join" className={buttonClass('secondary', 'px-8 text-lg')}>
            Apply for Membership
          </Link>
        </p>
      </div>
    </section>
  );
}
