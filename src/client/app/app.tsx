import { Suspense } from 'react';
import { AnnounceReady } from './announce-ready';
import { Route, Router, Switch } from 'wouter';
import { SiteLayout } from '~/client/components/layout/site-layout';
import { NewsletterForm } from '~/client/features/newsletter/components/newsletter-form';
import { ToastProvider } from '~/client/components/ui/toast';
import { LazyPage } from './lazy-page';
import { SiteContentProvider, type SiteContentStore } from '~/client/lib/site-content';
import { PageDataProvider, type PageDataSnapshot } from './page-data';
import { notFoundRoute, routes } from './routes';
import { PageErrorBoundary } from './page-error-boundary';
import { PageTitle } from './page-title';
import { ScrollManager } from './scroll-manager';

export interface AppProps {
  /** Set on the server: the path and query being rendered. */
  ssrPath?: string;
  ssrSearch?: string;
  /** Set on the server: a <Redirect> rendered there records its target here. */
  ssrContext?: { redirectTo?: string };
  /** The data the server rendered the page with, if it needed any (src/server/ssr/page-data). */
  pageData?: PageDataSnapshot;
  /** What the office published (or the configuration): the sections the page has, the rest on demand. */
  content: SiteContentStore;
}

export function App({ ssrPath, ssrSearch, ssrContext, pageData, content }: AppProps) {
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch} ssrContext={ssrContext}>
      <SiteContentProvider content={content}>
        <PageDataProvider snapshot={pageData}>
          <ToastProvider>
            <Switch>
              {routes
                .filter((route) => route.kind === 'admin')
                .map((route) => (
                  <Route key={route.path} path={route.path} nest={route.prefix}>
                    <PageTitle route={route} />
                    <PageErrorBoundary>
                      <Suspense fallback={<p className="p-8">Loading…</p>}>
                        <LazyPage route={route} />
                        <AnnounceReady />
                      </Suspense>
                    </PageErrorBoundary>
                  </Route>
                ))}
              {routes
                .filter((route) => route.standalone)
                .map((route) => (
                  <Route key={route.path} path={route.path}>
                    <PageTitle route={route} />
                    <PageErrorBoundary>
                      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
                        <LazyPage route={route} />
                        <AnnounceReady />
                      </Suspense>
                    </PageErrorBoundary>
                  </Route>
                ))}
              <Route>
                <SiteLayout newsletter={<NewsletterForm />}>
                  <ScrollManager />
                  <PageErrorBoundary>
                    <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
                      <Switch>
                        {routes
                          .filter((route) => route.kind === 'public' && !route.standalone)
                          .map((route) => (
                            <Route key={route.path} path={route.path} nest={route.prefix}>
                              <PageTitle route={route} />
                              <LazyPage route={route} />
                            </Route>
                          ))}
                        <Route>
                          <PageTitle route={notFoundRoute} />
                          <LazyPage route={notFoundRoute} />
                        </Route>
                      </Switch>
                      <AnnounceReady />
                    </Suspense>
                  </PageErrorBoundary>
                </SiteLayout>
              </Route>
            </Switch>
          </ToastProvider>
        </PageDataProvider>
      </SiteContentProvider>
    </Router>
  );
}
