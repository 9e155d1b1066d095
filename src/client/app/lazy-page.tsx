import { use, type ComponentType } from 'react';
import { useSiteContentStore } from '~/client/lib/site-content';
import { reloadFromServer } from '~/client/lib/reload-from-server';
import type { PageRoute } from './routes';

/**
 * Page chunks load before the first render (server and hydration) so the markup matches, and
 * on demand after that. A page not yet loaded suspends until its chunk arrives; the rest of the
 * site's content comes at the same time (the first page carried only its own sections, ADR 042),
 * so the page does not wait for one and then the other.
 */
const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<void>>();
/** Chunks asked for by a click: one that cannot load (a release replaced it) reloads the page. */
const navigating = new Map<string, Promise<void>>();

export function preloadPage(route: PageRoute): Promise<void> {
  let promise = pending.get(route.module);
  if (!promise) {
    promise = route.load().then(
      (mod) => {
        loaded.set(route.module, mod.default);
      },
      (error: unknown) => {
        pending.delete(route.module);
        throw error;
      },
    );
    pending.set(route.module, promise);
  }
  return promise;
}

export function LazyPage({ route }: { route: PageRoute }) {
  const content = useSiteContentStore();
  const Page = loaded.get(route.module);
  if (!Page) {
    // Quietly: only a part that waits for a section reloads the page if it cannot come. Admin
    // pages read none.
    if (route.kind === 'public') content.prefetch();
    let promise = navigating.get(route.module);
    if (!promise) {
      promise = preloadPage(route).catch(reloadFromServer);
      navigating.set(route.module, promise);
    }
    use(promise);
    return null;
  }
  // The component is the page module's default export, cached per module: its identity is stable.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}
