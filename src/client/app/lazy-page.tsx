import { use, type ComponentType } from 'react';
import type { PageRoute } from './routes';

/**
 * Page chunks load before the first render (server and hydration) so the markup matches, and
 * on demand after that. A page not yet loaded suspends until its chunk arrives.
 */
const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<void>>();

export function preloadPage(route: PageRoute): Promise<void> {
  let promise = pending.get(route.module);
  if (!promise) {
    promise = route.load().then((mod) => {
      loaded.set(route.module, mod.default);
    });
    pending.set(route.module, promise);
  }
  return promise;
}

export function LazyPage({ route }: { route: PageRoute }) {
  const Page = loaded.get(route.module);
  if (!Page) {
    use(preloadPage(route));
    return null;
  }
  // The component is the page module's default export, cached per module: its identity is stable.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}
