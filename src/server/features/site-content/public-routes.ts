import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicContentSchema } from '~/shared/site-config-schema';
import { publicContentOf } from '~/shared/site-content';
import { siteContentApi } from '~/shared/api/site-content';
import { at } from '~/server/lib/route-at';

/**
 * What the public pages show of the site, whole (ADR 042): a page carries only the sections it
 * read, and the browser asks for the rest here before it renders another page itself. Kept in
 * memory per content version, like the pages (ADR 029): a publish makes the next answer new.
 */
export const publicSiteContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...at(app, siteContentApi.published),
    schema: { response: { 200: publicContentSchema } },
    handler: async (request, reply) => {
      // Checked again on each visit (ETag, 304): a publish shows on the next page either way.
      reply.header('cache-control', 'no-cache');
      return app.publicCache.send(request, reply, 'api site-content', async () => ({
        body: reply.serialize(publicContentOf(await app.siteContent.site())),
        contentType: 'application/json; charset=utf-8',
        cacheable: true,
      }));
    },
  });
};
