import { renderToString } from 'react-dom/server';
import { App } from '~/client/app/app';
import { preloadPage } from '~/client/app/lazy-page';
import type { PageRoute } from '~/client/app/routes';

/** The page's markup, complete: every section's text is in the first response. */
export async function renderAppHtml(
  route: PageRoute,
  path: string,
  search: string,
): Promise<string> {
  await preloadPage(route);
  return renderToString(<App ssrPath={path} ssrSearch={search} />);
}
