import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';
import { AnchorLink } from '~/client/components/layout/anchor-link';

/** A link to a site path ('/donate', client-side) or a home-page section ('#miracles'). */
export function SiteLink({
  to,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return to.startsWith('#') ? <AnchorLink anchor={to} {...props} /> : <Link href={to} {...props} />;
}
