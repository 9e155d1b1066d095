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
import type { PageFormName, PageFormState } from '~/shared/page-forms';
import { withoutTracking } from '~/shared/tracking-params';
import { servedOverHttps } from '~/server/env';
import { requireAdmin } from '~/server/plugins/admin-guard';
import {
  framableBySite,
  sitePageCsp,
  stripePageCsp,
  stripePortalPageCsp,
  videoEmbedsPageCsp,
} from '~/server/plugins/security-headers';
import { loadAssets } from './assets';
import { renderDocument } from './document';
import { isoDateIn } from '~/shared/schedule';
import type { SiteConfig } from '~/shared/site-config-schema';
import { publicContentOf } from '~/shared/site-content';
import { isPageNotFound, pageHeadOf, redirectOf, type PageDataLoaders } from './page-data';
import { registerPageFormPosts } from './page-forms';
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
  const siteCsp = sitePageCsp(servedOverHttps(app.env));
  const videoEmbedsCsp = videoEmbedsPageCsp(servedOverHttps(app.env));
  const stripePortalCsp = stripePortalPageCsp(servedOverHttps(app.env));
  if (!assets.built)
    app.log.warn('no client build found: pages are served without scripts or styles');

  /** The headers a page carries whether it is rendered now or sent from memory. */
  function setPageHeaders(reply: FastifyReply, route: PageRoute) {
    if (route.kind === 'admin' || route.standalone) {
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    if (route.stripe) reply.header('content-security-policy', stripeCsp);
    if (route.videoEmbeds) reply.header('content-security-policy', videoEmbedsCsp);
    if (route.stripePortal) reply.header('content-security-policy', stripePortalCsp);
  }

  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    route: PageRoute,
    status: number,
    form?: PageFormState,
  ) {
    // A campaign's tracking (utm_*, fbclid, …) changes nothing a page shows: the page is the
    // kept one, and the browser hydrates it with the same data (tracking-params.ts).
    const url = new URL(request.url, 'http://localhost');
    // Set only when it changes: setting it parses the address again (a kept page's CPU).
    const search = withoutTracking(url.search);
    if (search !== url.search.slice(1)) url.search = search;
    if (status === 200 && isPreview(route, url)) return sendPreview(request, reply, route, url);
    form ??= route.kind === 'admin' ? undefined : sentForm(url);
    setPageHeaders(reply, route);
    const today = isoDateIn(app.clock(), app.siteConfig.timeZone);
    const cacheKey = status === 200 && !form ? pageCacheKey(route, url, today) : undefined;
    if (cacheKey) {
      // The same for every visitor: rendered once per content version, kept compressed (ADR 029).
      reply.header('cache-control', 'no-cache');
      return app.publicCache.send(request, reply, cacheKey, async () => {
        const page = await renderPage(request, reply, route, url);
        if ('redirect' in page) throw new Error(`the page ${route.path} redirected`);
        const type = 'text/html; charset=utf-8';
        return { body: page.html, contentType: type, cacheable: page.complete };
      });
    }
    const page = await renderPage(request, reply, route, url, form);
    if ('redirect' in page) return reply.redirect(page.redirect, page.status);
    // A loader may refuse what the address asks for (a link's page with a forged token), or
    // find nothing there (an unknown campaign): the 404 page.
    const refused = status === 200 && reply.statusCode >= 400 ? reply.statusCode : status;
    return (
      reply
        .status(page.notFound ? 404 : refused)
        .header('content-type', 'text/html; charset=utf-8')
        // A loader may have asked for less (private data: `private, no-store`); pages kept out of
        // search engines are a donor's own (a checkout, a payment, a link's page): never stored;
        // the others are checked again on each visit.
        .header(
          'cache-control',
          reply.getHeader('cache-control') ?? (route.indexed === false ? 'no-store' : 'no-cache'),
        )
        .send(page.html)
    );
  }

  /**
   * A public page with the office's draft laid over the site (admin → Site Content, ADR 033),
   * for a signed-in administrator only, never kept, and framable by the editor (same origin).
   * Anyone else is sent to sign in first.
   */
  async function sendPreview(
    request: FastifyRequest,
    reply: FastifyReply,
    route: PageRoute,
    url: URL,
  ) {
    try {
      await requireAdmin(request, reply);
    } catch {
      // To the editor once signed in (the sign-in page follows /admin paths only).
      const next = encodeURIComponent('/admin?section=site-content');
      return reply.header('cache-control', 'no-store').redirect(`/admin/login?next=${next}`, 303);
    }
    setPageHeaders(reply, route);
    const csp = String(reply.getHeader('content-security-policy') ?? siteCsp);
    const draft = await app.siteContent.draftSite();
    const page = await renderPage(request, reply, route, url, undefined, draft);
    reply.header('cache-control', 'no-store');
    if ('redirect' in page) return reply.redirect(page.redirect, page.status);
    return reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', framableBySite(csp))
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(page.html);
  }

  /**
   * The page's HTML (`complete` unless its data failed to load), or where its loader or the
   * page itself sends the visitor instead. `draft`: the site as the preview shows it.
   */
  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    route: PageRoute,
    url: URL,
    form?: PageFormState,
    draft?: SiteConfig,
  ): Promise<
    | { redirect: string; status: 302 | 303 }
    | { html: string; complete: boolean; notFound?: boolean }
  > {
    const admin = route.kind === 'admin';
    const loaded = admin ? undefined : await loadPageData(request, reply, route, url);
    const redirect = redirectOf(loaded?.snapshot?.data);
    if (redirect) return { redirect, status: 303 };
    const notFound = isPageNotFound(loaded?.snapshot?.data);
    // A form sent back to be corrected travels with the page's data, so it hydrates as shown.
    const pageData = form
      ? { path: url.pathname, search: url.search.slice(1), data: loaded?.snapshot?.data, form }
      : loaded?.snapshot;
    const site = draft ?? (await app.siteContent.site());
    const content = publicContentOf(site);
    const rendered = admin
      ? { html: '', content: {} }
      : await renderAppHtml(route, url.pathname, url.search.slice(1), pageData, content);
    if ('redirectTo' in rendered) return { redirect: rendered.redirectTo, status: 302 };
    const html = renderDocument({
      route,
      path: url.pathname,
      appHtml: rendered.html,
      // A preview carries the whole draft: a page its frame renders next shows the draft too.
      content: draft ? content : rendered.content,
      assets: assets.forPage(route.module),
      fonts,
      site,
      publicUrl: app.env.PUBLIC_URL,
      pageData,
      head: notFound
        ? { title: notFoundRoute.title, notFound }
        : pageHeadOf(loaded?.snapshot?.data),
    });
    return { html, complete: !loaded?.failed, notFound };
  }

  /** The page's data; if loading fails, the page renders without it and the browser loads it. */
  async function loadPageData(
    request: FastifyRequest,
    reply: FastifyReply,
    route: PageRoute,
    url: URL,
  ) {
    const loader = pageDataLoaders[route.path];
    if (!loader) return undefined;
    try {
      const data = await loader(app, url, { request, reply });
      return { snapshot: { path: url.pathname, search: url.search.slice(1), data }, failed: false };
    } catch (error) {
      request.log.error({ err: error }, 'page data could not be loaded');
      return { snapshot: undefined, failed: true };
    }
  }

  for (const route of routes) {
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(request, reply, route, 200);
    app.get(route.path, handler);
    if (route.prefix) app.get(`${route.path}/*`, handler);
  }

  /** The page a form redirected to once done (`?sent=<name>`) says so, in the API's words. */
  function sentForm(url: URL): PageFormState | undefined {
    const name = url.searchParams.get('sent');
    const form = name ? app.pageForms.get(name as PageFormName) : undefined;
    return form && { name: name as PageFormName, values: {}, errors: {}, sent: form.sentMessage };
  }

  await registerPageFormPosts(app, sendPage);

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

/**
 * The public pages every visitor sees alike (the indexed ones), by the one query that changes
 * what they show (/videos?page=N); with any other query (a form's `?sent=`) a page is rendered
 * for its request. Undefined: not kept. `today` (in the site's time zone) is part of the key:
 * a page showing the next session of the circle says another date once that day has passed.
 */
export function pageCacheKey(route: PageRoute, url: URL, today: string): string | undefined {
  if (!isEveryonesPage(route, url)) return undefined;
  const search = url.search.slice(1);
  const known = search === '' || (route.path === '/videos' && /^page=[1-9]\d{0,3}$/.test(search));
  return known ? `page ${url.pathname}?${search} ${today}` : undefined;
}

/** `?preview=draft` on a page the office edits: the editor's preview (ADR 033). */
export function isPreview(route: PageRoute, url: URL): boolean {
  return isEveryonesPage(route, url) && url.searchParams.get('preview') === 'draft';
}

/**
 * A public page every visitor sees alike (an indexed one), at its own path. A page below a prefix
 * (a campaign's) changes with each gift and is rendered for each request from its own snapshot.
 */
function isEveryonesPage(route: PageRoute, url: URL): boolean {
  return route.kind === 'public' && !!route.indexed && !route.prefix && url.pathname === route.path;
}
