import type { FastifyInstance } from 'fastify';

export type PageDataLoader = (app: FastifyInstance, url: URL) => Promise<unknown>;

/**
 * Data a public page is rendered with, by route path (app.ts names each feature's loader). The
 * server renders the page with it and sends it along (a JSON data block) so the browser hydrates
 * with the same data, without asking the API again.
 */
export type PageDataLoaders = Partial<Record<string, PageDataLoader>>;
