import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/lazy-page';
import { readPageDataFromDocument } from './app/page-data';
import { findRoute, notFoundRoute } from './app/routes';
import './styles/app.css';

async function start() {
  const root = document.getElementById('root')!;
  const route = findRoute(window.location.pathname) ?? notFoundRoute;
  // The page's chunk must be in place before hydration so the first render matches the server's.
  await preloadPage(route);
  const app = (
    <StrictMode>
      <App pageData={readPageDataFromDocument()} />
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
