import type { ReactNode } from 'react';
import { Link } from 'wouter';
import siteConfig from '~/client/lib/site-config';
import { useSiteContent } from '~/client/lib/site-content';
import { AnchorLink } from './anchor-link';
import { SocialLinks } from './social-icons';

/** Sections of the home page first, then the other pages. */
const quickLinks: ({ label: string; anchor: string } | { label: string; href: string })[] = [
  { label: 'Home', anchor: 'home' },
  { label: 'Membership Tiers', anchor: 'tiers' },
  { label: 'Miracles', anchor: 'miracles' },
  { label: 'The Rabbi', anchor: 'rabbi' },
  { label: 'Join', href: '/join' },
  { label: 'Videos', href: '/videos' },
  { label: 'Donate', href: '/donate' },
  { label: 'Contact', href: '/contact' },
  { label: 'My Giving', href: '/my-giving' },
];

const quickLinkClass = 'inline-block py-1.5 hover:text-gold-300';

/** `newsletter` is the sign-up form, which the app passes in (a feature of its own). */
export function SiteFooter({ newsletter }: { newsletter: ReactNode }) {
  const year = new Date().getFullYear();
  const contact = useSiteContent('contact');
  return (
    <footer className="bg-navy-950 text-white/90">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div>
          <p className="font-display text-2xl font-semibold text-gold-300">{siteConfig.product}</p>
          <p className="mt-3 text-sm leading-relaxed">
            Prayers at the holy tziyun in {contact.addressLine}, personal guidance and a community
            that lifts one another.
          </p>
          <SocialLinks className="mt-5" />
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-display text-lg font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 grid grid-cols-2 gap-1 text-sm">
            {quickLinks.map((link) => (
              <li key={link.label}>
                {'anchor' in link ? (
                  <AnchorLink anchor={link.anchor} className={quickLinkClass}>
                    {link.label}
                  </AnchorLink>
                ) : (
                  <Link href={link.href} className={quickLinkClass}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-display text-lg font-semibold text-white">
            Receive Weekly Inspiration
          </h2>
          <p className="mt-3 mb-4 text-sm">Stories of miracles and words of Torah, once a week.</p>
          {newsletter}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-white/80 sm:px-6">
          © <span suppressHydrationWarning>{year}</span> {siteConfig.legalName} All rights reserved.
          EIN {siteConfig.ein}.
        </p>
      </div>
    </footer>
  );
}
