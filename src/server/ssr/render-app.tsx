import { renderToString } from 'react-dom/server';
import { App } from '~/client/app/app';
import { preloadPage } from '~/client/app/lazy-page';
import type { PageDataSnapshot } from '~/client/app/page-data';
import type { PageRoute } from '~/client/app/routes';
import { SiteContentStore } from '~/client/lib/site-content';
import type { PublicContent } from '~/shared/site-content';

export type RenderResult =
  { html: string; content: Partial<PublicContent> } | { redirectTo: string };

/**
 * The page's markup, complete: every section's text is in the first response, and `content` the
 * sections of the site's content it read, which the browser hydrates with (ADR 042). A page that
 * renders a <Redirect> (checkout without an amount) becomes a redirect instead.
 */
export async function renderAppHtml(
  route: PageRoute,
  path: string,
  search: string,
  pageData: PageDataSnapshot | undefined,
  content: PublicContent,
): Promise<RenderResult> {
  await preloadPage(route);
  const context: { redirectTo?: string } = {};
  const store = new SiteContentStore(content, () => Promise.resolve(content));
  const html = renderToString(
    <App
      ssrPath={path}
      ssrSearch={search}
      ssrContext={context}
      pageData={pageData}
      content={store}
    />,
  );
  return context.redirectTo
    ? { redirectTo: context.redirectTo }
    : { html, content: store.sectionsRead() };
}
