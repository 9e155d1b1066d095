import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPage } from './lazy-page';
import { readSiteContentFromDocument } from '~/client/lib/site-content';
import { readPageDataFromDocument } from './page-data';
import { findRoute, notFoundRoute } from './routes';

/**
 * The app, loaded by the entry (src/client/entry-client.tsx) once the page has painted: it
 * hydrates the server's markup (public pages) or renders into the empty root (admin).
 */
async function startApp() {
  const root = document.getElementById('root')!;
  const route = findRoute(window.location.pathname) ?? notFoundRoute;
  // The page's chunk must be in place before hydration so the first render matches the server's.
  await preloadPage(route);
  const content = readSiteContentFromDocument();
  const app = (
    <StrictMode>
      <App pageData={readPageDataFromDocument()} content={content} />
    </StrictMode>
  );
  if (root.hasChildNodes()) {
    hydrateRoot(root, app);
    // The page carried only its own sections (ADR 042): the rest when the visitor may go on.
    content.prefetchOnIntent(document);
  } else createRoot(root).render(app);
}

void startApp();
