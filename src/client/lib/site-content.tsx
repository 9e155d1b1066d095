import { siteContentApi } from '~/shared/api/site-content';
import { createContext, use, useContext, type ReactNode } from 'react';
import { publicContentKeys, type PublicContent } from '~/shared/site-content';
import { contractOf, getJson } from './api';
import { reloadFromServer } from './reload-from-server';

/**
 * The site's content as published by the office (ADR 033): the server renders each
 * page with it and writes into the document (a JSON data block) the sections that page read, and
 * the browser hydrates with the same, so a publish shows on the next page load without a new
 * build. A page the browser renders later (a click inside the app) may read a section the first
 * page did not: the rest comes from `GET /api/site-content` once, while that page's own code
 * loads (ADR 042).
 */
export const SITE_CONTENT_ELEMENT_ID = 'site-content';

export type ContentSection = keyof PublicContent;

/** How long the rest may take before the page is asked of the server instead. */
export const REST_DEADLINE_MS = 10_000;

/** The answer's contract, checked in development and tests only (see readAnswer). */
const publicContentContract = contractOf(
  import.meta.env.DEV ? () => import('~/shared/site-config-schema') : null,
  (m) => m.publicContentSchema,
);

/**
 * The sections a page has, and the rest on demand. On the server it starts whole and notes what
 * the page reads (`sectionsRead`), which is what the document carries.
 */
export class SiteContentStore {
  private readonly read = new Set<ContentSection>();
  private loading: Promise<void> | undefined;
  private wholeOrReload: Promise<void> | undefined;

  constructor(
    private content: Partial<PublicContent>,
    private readonly loadAll: () => Promise<Partial<PublicContent>> = () =>
      getJson(siteContentApi.published, publicContentContract, {
        signal: AbortSignal.timeout(REST_DEADLINE_MS),
      }),
  ) {}

  /** The section, or undefined while it has not come yet (`whole()` brings it). */
  section<K extends ContentSection>(key: K): PublicContent[K] | undefined {
    this.read.add(key);
    return this.content[key];
  }

  /** Every section is here. */
  isWhole(): boolean {
    return publicContentKeys.every((key) => key in this.content);
  }

  /** Asks for the rest, one request at a time; a failure leaves it to be asked again. */
  private fetchRest(): Promise<void> {
    this.loading ??= this.loadAll()
      .then((content) => {
        // The page's own sections stay as it was rendered with (a publish in between would
        // change text React is hydrating); the rest is taken as the server has it now.
        this.content = { ...content, ...this.content };
        // An instance of the release before, while a new one rolls out, may lack a section.
        if (!this.isWhole()) throw new Error('the site content came without every section');
      })
      .catch((error: unknown) => {
        this.loading = undefined;
        throw error;
      });
    return this.loading;
  }

  /**
   * Asks for the rest ahead of need, so a part of the page that shows a section only later (the
   * donate page's monthly tab, the next page) has it at hand. A failure is quiet: the part that
   * needs it asks again.
   */
  prefetch(): void {
    if (!this.isWhole()) this.fetchRest().catch(() => {});
  }

  /**
   * Asks for the rest once the visitor shows they may go on: a pointer over, a touch on or the
   * focus in a link of this site, a tab or the phone menu's toggle. A visitor who reads the page
   * and leaves costs the server no second answer (a campaign's crowd is mostly such visits); one
   * who goes on has it by the time the next page's code has come, or the tab's click (ADR 042).
   */
  prefetchOnIntent(root: Document): void {
    if (this.isWhole()) return;
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('a[href^="/"], [role="tab"], summary')) return;
      for (const name of events) root.removeEventListener(name, onIntent, true);
      this.prefetch();
    };
    for (const name of events)
      root.addEventListener(name, onIntent, { capture: true, passive: true });
  }

  /**
   * Settles once every section is here. If the rest cannot be had, the browser loads the address
   * it is on from the server, which renders the page whole.
   */
  whole(): Promise<void> {
    if (this.isWhole()) return Promise.resolve();
    this.wholeOrReload ??= this.fetchRest().catch(reloadFromServer);
    return this.wholeOrReload;
  }

  /** The sections read so far, as they are: what the server writes into the page. */
  sectionsRead(): Partial<PublicContent> {
    return Object.fromEntries(
      publicContentKeys.filter((key) => this.read.has(key)).map((key) => [key, this.content[key]]),
    );
  }
}

const SiteContentContext = createContext<SiteContentStore | null>(null);

export function SiteContentProvider({
  content,
  children,
}: {
  content: SiteContentStore;
  children: ReactNode;
}) {
  return <SiteContentContext.Provider value={content}>{children}</SiteContentContext.Provider>;
}

export function useSiteContentStore(): SiteContentStore {
  const store = useContext(SiteContentContext);
  if (!store) throw new Error('useSiteContent needs a <SiteContentProvider> above it');
  return store;
}

/**
 * One section of the published content: hero, welcome, the Rabbi, tiers' words, stories, dates,
 * contacts. A section the page was not sent suspends the component until the rest arrives.
 */
export function useSiteContent<K extends ContentSection>(key: K): PublicContent[K] {
  const store = useSiteContentStore();
  const section = store.section(key);
  if (section !== undefined) return section;
  use(store.whole());
  return store.section(key)!;
}

/** In the browser: the sections the server wrote into the document. */
export function readSiteContentFromDocument(): SiteContentStore {
  const text = document.getElementById(SITE_CONTENT_ELEMENT_ID)?.textContent;
  if (!text) throw new Error('the page carries no site content');
  return new SiteContentStore(JSON.parse(text) as Partial<PublicContent>);
}
