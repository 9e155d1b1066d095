import type { FastifyInstance } from 'fastify';
import { loadVideosPageData } from '../features/videos/videos-page-data';

type PageDataLoader = (app: FastifyInstance, url: URL) => Promise<unknown>;

/**
 * Data a public page is rendered with, by route path. The server renders the page with it and
 * sends it along (a JSON data block) so the browser hydrates with the same data, without
 * asking the API again.
 */
export const pageDataLoaders: Partial<Record<string, PageDataLoader>> = {
  '/videos': loadVideosPageData,
};
