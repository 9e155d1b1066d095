import { useState } from 'react';
import { useSiteContent } from '~/client/lib/site-content';
import type { Tier } from '~/shared/site-config-schema';
import { AnchorLink } from '~/client/components/layout/anchor-link';
import { buttonClass } from '~/client/components/ui/button';
import { RichText } from '~/client/components/ui/rich-text';
import { Link } from 'wouter';
import { Icon, type IconName } from '~/client/components/ui/icon';
import { SectionHeading } from './section-heading';

const tierIcons: IconName[] = ['spark', 'flame', 'beacon'];

/** Spec 2 and 4: three tier cards; one at a time is highlighted by hover or keyboard focus. */
export function TiersSection() {
  const tiers = useSiteContent('tiers');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  return (
    <section id="tiers" aria-labelledby="tiers-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="tiers-heading" eyebrow="Membership" title="Choose Your Path of Light">
          <p>
            Every tier carries your intentions to the tziyun each week. Choose the circle of
            blessing that fits your journey.
          </p>
        </SectionHeading>
        <ul className="mt-16 grid gap-8 lg:grid-cols-3 lg:items-stretch">
          {tiers.map((tier, i) => (
            <TierCard
              key={tier.id}
              tier={tier}
              icon={tierIcons[i] ?? 'spark'}
              highlighted={highlighted === tier.id}
              onHighlight={(on) =>
                setHighlighted((current) => (on ? tier.id : current === tier.id ? null : current))
              }
            />
          ))}
        </ul>
        <p className="mt-12 text-center">
          <AnchorLink
            anchor="membership"
            className="font-semibold text-navy-800 underline decoration-gold-500 decoration-2 underline-offset-4 hover:text-navy-950"
          >
            See full benefits below
          </AnchorLink>
        </p>
      </div>
    </section>
  );
}

function TierCard({
  tier,
  icon,
  highlighted,
  onHighlight,
}: {
  tier: Tier;
  icon: IconName;
  highlighted: boolean;
  onHighlight: (on: boolean) => void;
}) {
  const dark = tier.popular;
  const tooltipId = `tier-${tier.id}-tagline`;
  return (
    <li
      onMouseEnter={() => onHighlight(true)}
      onMouseLeave={() => onHighlight(false)}
      onFocus={() => onHighlight(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHighlight(false);
      }}
      // WCAG 1.4.13: the tooltip can be dismissed without moving the pointer or focus.
      onKeyDown={(event) => event.key === 'Escape' && onHighlight(false)}
      className={`relative flex flex-col rounded-3xl p-8 transition duration-300 ${
        // The popular card's extra top room keeps the tagline above its icon clear of the badge.
        dark
          ? 'bg-navy-950 pt-12 text-white shadow-xl lg:-my-4 lg:py-12'
          : 'bg-cream-50 text-stone-800'
      } ${highlighted ? 'shadow-2xl ring-2 ring-gold-400 lg:-translate-y-1' : dark ? 'ring-1 ring-navy-800' : 'ring-1 ring-stone-200'}`}
    >
      {tier.popular ? (
        <p className="absolute -top-4 left-1/2 -translate-x-1/2 rounded-full bg-gold-400 px-5 py-1.5 text-xs font-bold tracking-[0.2em] whitespace-nowrap text-navy-950 shadow-md">
          MOST POPULAR
        </p>
      ) : null}
      <div className="relative mx-auto mt-2">
        <button
          type="button"
          aria-label={`${tier.name} tagline`}
          aria-describedby={tooltipId}
          onClick={() => onHighlight(true)}
          className={`flex size-16 items-center justify-center rounded-full transition duration-300 ${
            highlighted
              ? 'bg-gold-300 text-navy-950 shadow-[0_0_32px_8px_rgb(220_185_74/0.55)]'
              : dark
                ? 'bg-navy-800 text-gold-300'
                : 'bg-navy-950 text-gold-300'
          }`}
        >
          <Icon name={icon} className="size-8" />
        </button>
        <span
          role="tooltip"
          id={tooltipId}
          className={`absolute bottom-full left-1/2 mb-1 -translate-x-1/2 rounded-lg bg-navy-900 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-gold-200 shadow-lg ring-1 ring-gold-500/40 transition-opacity duration-200 ${
            highlighted ? 'visible opacity-100' : 'invisible opacity-0'
          }`}
        >
          {tier.tagline}
        </span>
      </div>
      <h3
        className={`mt-5 text-center font-display text-3xl font-semibold ${dark ? 'text-white' : 'text-navy-950'}`}
      >
        {tier.name}
      </h3>
      <p className="mt-3 text-center">
        <span
          className={`font-display text-5xl font-semibold ${dark ? 'text-gold-300' : 'text-navy-950'}`}
        >
          ${tier.price}
        </span>
        <span className={dark ? 'text-white/80' : 'text-stone-600'}>/month</span>
      </p>
      <ul className="mt-7 mb-8 space-y-3">
        {tier.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-3">
            <Icon
              name="check"
              className={`mt-0.5 size-5 shrink-0 ${dark ? 'text-gold-300' : 'text-gold-700'}`}
            />
            <span className={dark ? 'text-white/90' : ''}>
              <RichText text={benefit} />
            </span>
          </li>
        ))}
      </ul>
      {/* Into joining this tier: the application, then its first monthly payment. */}
      <Link
        href={`/join?tier=${tier.id}`}
        className={buttonClass(dark ? 'primary' : 'secondary', 'mt-auto w-full')}
      >
        Support with ${tier.price}
      </Link>
    </li>
  );
}
