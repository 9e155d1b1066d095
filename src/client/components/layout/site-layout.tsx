import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The public pages' frame; `newsletter` is the footer's sign-up form. */
export function SiteLayout({
  children,
  newsletter,
}: {
  children: ReactNode;
  newsletter: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded bg-white px-4 py-2 text-navy-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-[60vh] pt-20 outline-none">
        {children}
      </main>
      <SiteFooter newsletter={newsletter} />
    </>
  );
}
