import { useEffect } from 'react';
import siteConfig from '~/client/lib/site-config';
import type { PageRoute } from './routes';

export function documentTitle(route: PageRoute): string {
  return route.path === '/'
    ? `${siteConfig.product} | ${route.title}`
    : `${route.title} | ${siteConfig.product}`;
}

/**
 * Keeps the head right after client-side navigation (the server writes it on first load): the
 * title and the canonical link follow the page. The meta description is the server's alone
 * (ssr/page-descriptions.ts): only crawlers read it, and they get each page from the server.
 */
export function PageTitle({ route }: { route: PageRoute }) {
  useEffect(() => {
    document.title = documentTitle(route);
    const canonical = document.querySelector('link[rel="canonical"]');
    if (canonical && !route.prefix) {
      const origin = new URL(canonical.getAttribute('href') ?? '/', window.location.href).origin;
      canonical.setAttribute('href', `${origin}${route.path}`);
    }
  }, [route]);
  return null;
}
