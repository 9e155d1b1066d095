/**
 * The site's files outside the API: uploads, and what search engines ask (src/shared/route.ts).
 * Only the server imports this table, so it costs the pages' first download nothing.
 */
export const siteApi = {
  /**
   * An uploaded video, thumbnail, captions file or photo size, with range requests; a name is
   * never reused, so it is cached for good.
   * @caller public
   */
  media: 'GET /media/:name',
  /**
   * For search engines: what not to crawl, and where the sitemap is.
   * @caller public
   */
  robots: 'GET /robots.txt',
  /**
   * For search engines: the indexed pages, from the page table and PUBLIC_URL.
   * @caller public
   */
  sitemap: 'GET /sitemap.xml',
} as const;
