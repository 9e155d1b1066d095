import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useRouter, useSearch } from 'wouter';
import type { PageFormName, PageFormState } from '~/shared/page-forms';
import { withoutTracking } from '~/shared/tracking-params';

/**
 * Data a page was rendered with on the server (src/server/ssr/page-data.ts), for the page and
 * address it was rendered for. The server passes it to <App>; the browser reads it from the
 * document's JSON data block and hydrates with it.
 */
export interface PageDataSnapshot {
  path: string;
  search: string;
  data: unknown;
  /** A form the server sent back to be corrected (posted without JavaScript). */
  form?: PageFormState;
}

/** The id of the document's JSON data block. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * Hands the snapshot to the first render of its page only: once that page has mounted, a later
 * visit (a client-side navigation back) gets nothing and loads fresh data itself.
 */
class PageDataStore {
  private used = false;
  constructor(private readonly snapshot: PageDataSnapshot | undefined) {}

  read(path: string, search: string): unknown {
    return this.current(path, search)?.data;
  }

  /**
   * The snapshot, while it is for this address (its tracking parameters aside: the server renders
   * without them) and its page has not mounted yet.
   */
  current(path: string, search: string): PageDataSnapshot | undefined {
    const s = this.snapshot;
    const same =
      s && asRouterReads(s.path) === path && asRouterReads(s.search) === withoutTracking(search);
    return !this.used && same ? s : undefined;
  }

  markUsed() {
    this.used = true;
  }
}

/**
 * A path or query as the router hands it to the pages (wouter decodes one that holds a `%` with
 * decodeURI): the snapshot keeps them as the address had them, so `?amount=%2036` would
 * otherwise not be the page's own data, and the checkout rendered without its card settings.
 */
function asRouterReads(text: string) {
  try {
    return text.includes('%') ? decodeURI(text) : text;
  } catch {
    return text;
  }
}

const PageDataContext = createContext<PageDataStore | null>(null);

export function PageDataProvider({
  snapshot,
  children,
}: {
  snapshot?: PageDataSnapshot;
  children: ReactNode;
}) {
  const [store] = useState(() => new PageDataStore(snapshot));
  return <PageDataContext.Provider value={store}>{children}</PageDataContext.Provider>;
}

/** The page's whole path, also inside a nested route (`/checkout/ojc` sees `/<id>`). */
function usePagePath() {
  const [path] = useLocation();
  return useRouter().base + path;
}

/** The server's data for this page, on its first render after the page loaded; else undefined. */
export function useServerPageData<T>(): T | undefined {
  const store = useContext(PageDataContext);
  const path = usePagePath();
  const search = useSearch();
  const data = store?.read(path, search) as T | undefined;
  useEffect(() => store?.markUsed(), [store]);
  return data;
}

/**
 * A public form's state as the server rendered the page (no JavaScript, or before it loaded):
 * `returned`, what was typed and the messages, when the server sent the form back; `sent`, the
 * server's words, on the page the form redirected to once done (`?sent=<name>`).
 */
export function usePageForm(name: PageFormName) {
  const store = useContext(PageDataContext);
  const path = usePagePath();
  const search = useSearch();
  const form = store?.current(path, search)?.form;
  const mine = form?.name === name ? form : undefined;
  return { returned: mine?.sent ? undefined : mine, sent: mine?.sent };
}

/** In the browser: the snapshot the server wrote into the document, if any. */
export function readPageDataFromDocument(): PageDataSnapshot | undefined {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageDataSnapshot) : undefined;
}
