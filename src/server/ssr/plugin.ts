import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  canonicalPagePath,
  findRoute,
  notFoundRoute,
  routes,
  type PageRoute,
} from '~/client/app/routes';
import { servedOverHttps } from '../env';
import { stripePageCsp, videoEmbedsPageCsp } from '../plugins/security-headers';
import { loadAssets } from './assets';
import { renderDocument } from './document';
import type { PageDataLoaders } from './page-data';
import { renderAppHtml } from './render-app';

/**
 * Serves the pages. Public pages are rendered to complete HTML on the server; admin pages are an
 * empty shell the browser renders, sent with noindex. Any other GET is the 404 page, status 404.
 */
export async function registerPages(
  app: FastifyInstance,
  clientDir: string,
  pageDataLoaders: PageDataLoaders,
) {
  const assets = loadAssets(clientDir);
  const assetsDir = join(clientDir, 'assets');
  const fonts = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((f) => f.endsWith('.woff2'))
        .map((f) => `/assets/${f}`)
    : [];
  const stripeCsp = stripePageCsp(servedOverHttps(app.env));
  const videoEmbedsCsp = videoEmbedsPageCsp(servedOverHttps(app.env));
  if (!assets.built)
    app.log.warn('no client build found: pages are served without scripts or styles');

  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    route: PageRoute,
    status: number,
  ) {
    const url = new URL(request.url, 'http://localhost');
    const admin = route.kind === 'admin';
    const pageData = admin ? undefined : await loadPageData(request, route, url);
    const rendered = admin
      ? { html: '' }
      : await renderAppHtml(route, url.pathname, url.search.slice(1), pageData);
    if ('redirectTo' in rendered) return reply.redirect(rendered.redirectTo, 302);
    const html = renderDocument({
      route,
      path: url.pathname,
      appHtml: rendered.html,
      assets: assets.forPage(route.module),
      fonts,
      site: app.siteConfig,
      publicUrl: app.env.PUBLIC_URL,
      pageData,
    });
    if (admin) reply.header('x-robots-tag', 'noindex, nofollow');
    if (route.stripe) reply.header('content-security-policy', stripeCsp);
    if (route.videoEmbeds) reply.header('content-security-policy', videoEmbedsCsp);
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }

  /** The page's data; if loading fails, the page renders without it and the browser loads it. */
  async function loadPageData(request: FastifyRequest, route: PageRoute, url: URL) {
    const loader = pageDataLoaders[route.path];
    if (!loader) return undefined;
    try {
      return { path: url.pathname, search: url.search.slice(1), data: await loader(app, url) };
    } catch (error) {
      request.log.error({ err: error }, 'page data could not be loaded');
      return undefined;
    }
  }

  for (const route of routes) {
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(request, reply, route, 200);
    app.get(route.path, handler);
    if (route.prefix) app.get(`${route.path}/*`, handler);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsHtml = request.method === 'GET' && !request.url.startsWith('/api/');
    if (wantsHtml) {
      const url = new URL(request.url, 'http://localhost');
      const canonicalPath = canonicalPagePath(url.pathname);
      if (canonicalPath) return reply.redirect(`${canonicalPath}${url.search}`, 301);
      const route = findRoute(url.pathname);
      return sendPage(request, reply, route ?? notFoundRoute, route ? 200 : 404);
    }
    return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
  });
}
