import { useEffect } from 'react';
import siteConfig from '@site-config';
import type { PageRoute } from './routes';

export function documentTitle(route: PageRoute): string {
  return route.path === '/'
    ? `${siteConfig.product} | ${route.title}`
    : `${route.title} | ${siteConfig.product}`;
}

/**
 * Keeps the head right after client-side navigation (the server writes it on first load): the
 * title, the description and the canonical link follow the page.
 */
export function PageTitle({ route }: { route: PageRoute }) {
  useEffect(() => {
    document.title = documentTitle(route);
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', route.description ?? siteConfig.seo.description);
    const canonical = document.querySelector('link[rel="canonical"]');
    if (canonical && !route.prefix) {
      const origin = new URL(canonical.getAttribute('href') ?? '/', window.location.href).origin;
      canonical.setAttribute('href', `${origin}${route.path}`);
    }
  }, [route]);
  return null;
}
