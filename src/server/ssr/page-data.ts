import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The request a page is rendered for: a loader may read its cookies and set one on the reply. */
export interface PageDataContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

export type PageDataLoader = (
  app: FastifyInstance,
  url: URL,
  context: PageDataContext,
) => Promise<unknown>;

/**
 * Data a public page is rendered with, by route path (app.ts names each feature's loader). The
 * server renders the page with it and sends it along (a JSON data block) so the browser hydrates
 * with the same data, without asking the API again.
 */
export type PageDataLoaders = Partial<Record<string, PageDataLoader>>;

const redirectTo = Symbol('page redirect');

/**
 * What a loader returns to send the visitor elsewhere instead of rendering (303): an emailed
 * link opened once, whose token must leave the address bar and the history.
 */
export interface PageRedirect {
  [redirectTo]: string;
}

export const pageRedirect = (location: string): PageRedirect => ({ [redirectTo]: location });

/** Where a loader's answer sends the visitor, if it is a redirect. */
export function redirectOf(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && redirectTo in data
    ? (data as PageRedirect)[redirectTo]
    : undefined;
}

const notFound = Symbol('page not found');

/**
 * What a loader returns when the address names nothing (an unknown slug): answered 404, with the
 * page's data saying so (`notFound: true`), so the page shows the 404 page on the server and in
 * the browser alike.
 */
export const pageNotFound = () => ({ [notFound]: true, notFound: true }) as const;

export function isPageNotFound(data: unknown): boolean {
  return typeof data === 'object' && data !== null && notFound in data;
}

const headOf = Symbol('page head');

/** The title and description a page's own data gives its head (a campaign's name). */
export interface PageHead {
  title: string;
  description?: string;
  /** The address names nothing: kept out of search engines, with no canonical link. */
  notFound?: boolean;
  /** The page's own photo for link previews (a campaign's), in place of the site's. */
  image?: { src: string; width: number; height: number; alt: string };
}

/**
 * The loader's data with the head the page should carry; kept out of the page's JSON (a symbol
 * is not serialised), since the browser reads the title from the page itself.
 */
export function withPageHead<T extends object>(data: T, head: PageHead): T {
  return Object.assign(data, { [headOf]: head });
}

export function pageHeadOf(data: unknown): PageHead | undefined {
  return typeof data === 'object' && data !== null && headOf in data
    ? (data as { [headOf]: PageHead })[headOf]
    : undefined;
}
