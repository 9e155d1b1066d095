import { createContext, useContext, type ReactNode } from 'react';
import type { PublicContent } from '~/shared/site-content';

/**
 * The site's content as published by the office (issue 18, ADR 033): the server renders each
 * page with it and writes it into the document (a JSON data block), and the browser hydrates
 * with the same, so a publish shows on the next page load without a new build.
 */
export const SITE_CONTENT_ELEMENT_ID = 'site-content';

const SiteContentContext = createContext<PublicContent | null>(null);

export function SiteContentProvider({
  content,
  children,
}: {
  content: PublicContent;
  children: ReactNode;
}) {
  return <SiteContentContext.Provider value={content}>{children}</SiteContentContext.Provider>;
}

/** The published content: hero, welcome, the Rabbi, tiers' words, stories, dates, contacts. */
export function useSiteContent(): PublicContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('useSiteContent needs a <SiteContentProvider> above it');
  return content;
}

/** In the browser: the content the server wrote into the document. */
export function readSiteContentFromDocument(): PublicContent {
  const text = document.getElementById(SITE_CONTENT_ELEMENT_ID)?.textContent;
  if (!text) throw new Error('the page carries no site content');
  return JSON.parse(text) as PublicContent;
}
