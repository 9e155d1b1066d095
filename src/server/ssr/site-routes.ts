import type { FastifyPluginAsync } from 'fastify';
import { routes } from '~/client/app/routes';
import { at } from '~/server/lib/route-at';
import { siteApi } from '~/shared/api/site';
import { urlOf } from '~/shared/route';
import { escapeHtml } from './document';

/**
 * robots.txt and sitemap.xml, built from the page table and PUBLIC_URL. A page below a prefix (a
 * campaign's) has no one address to list: its own links lead to it.
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  const base = app.env.PUBLIC_URL;

  app.route({
    ...at(app, siteApi.robots),
    handler: async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          [
            'User-agent: *',
            'Disallow: /admin',
            'Disallow: /api/',
            'Disallow: /checkout',
            '',
            `Sitemap: ${base}${urlOf(siteApi.sitemap)}`,
            '',
          ].join('\n'),
        ),
  });

  app.route({
    ...at(app, siteApi.sitemap),
    handler: async (_request, reply) => {
      const urls = routes
        .filter((r) => r.indexed && !r.prefix)
        .map((r) => `<url><loc>${escapeHtml(`${base}${r.path}`)}</loc></url>`)
        .join('');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
        );
    },
  });
};
