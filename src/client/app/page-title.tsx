import { useEffect } from 'react';
import siteConfig from '@site-config';
import type { PageRoute } from './routes';

export function documentTitle(route: PageRoute): string {
  return route.path === '/'
    ? `${siteConfig.product} | ${route.title}`
    : `${route.title} | ${siteConfig.product}`;
}

/** Keeps the tab title right after client-side navigation; the server sets it on first load. */
export function PageTitle({ route }: { route: PageRoute }) {
  useEffect(() => {
    document.title = documentTitle(route);
  }, [route]);
  return null;
}
