import { notFoundRoute, type PageRoute } from '~/client/app/routes';
import { documentTitle } from '~/client/app/page-title';
import { PAGE_DATA_ELEMENT_ID, type PageDataSnapshot } from '~/client/app/page-data';
import { imagePreload } from '~/client/components/ui/responsive-picture';
import { SITE_CONTENT_ELEMENT_ID } from '~/client/lib/site-content';
import type { SiteConfig } from '~/shared/site-config-schema';
import type { PublicContent } from '~/shared/site-content';
import type { ContentImage } from '~/shared/schemas/site-content';
import type { PageAssets } from './assets';
import { pageDescriptions } from './page-descriptions';
import type { PageHead } from './page-data';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON for a <script> data block: `<` escaped so no string can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function organizationJsonLd(site: SiteConfig, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: site.legalName,
    alternateName: site.product,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}${site.seo.image.src}`,
    description: site.seo.description,
    email: site.contact.email,
    telephone: site.contact.phone,
    taxID: site.ein,
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Monsey',
      addressRegion: 'NY',
      postalCode: '10952',
      addressCountry: 'US',
    },
    sameAs: Object.values(site.social),
  };
}

interface DocumentInput {
  route: PageRoute;
  path: string;
  appHtml: string;
  /** The sections of the site's content the page read: written as a JSON data block. */
  content: Partial<PublicContent>;
  assets: PageAssets;
  fonts: string[];
  site: SiteConfig;
  publicUrl: string;
  /** Written as a JSON data block for hydration (never executed: not a script type). */
  pageData?: PageDataSnapshot;
  /** The page's own title and description, from its data (a campaign's name). */
  head?: PageHead;
}

/**
 * The home page's first hero picture, asked for with the stylesheet rather than once the
 * markup is read: it is the largest thing painted first.
 */
function heroPreload(image: ContentImage | undefined): string {
  if (!image) return '';
  const link = imagePreload(image, '100vw');
  const attributes = [
    link.href && `href="${escapeHtml(link.href)}"`,
    link.imageSrcSet && `imagesrcset="${escapeHtml(link.imageSrcSet)}"`,
    link.imageSizes && `imagesizes="${escapeHtml(link.imageSizes)}"`,
    'type' in link && link.type && `type="${escapeHtml(link.type)}"`,
  ].filter(Boolean);
  return `<link rel="preload" as="image" ${attributes.join(' ')} fetchpriority="high">`;
}

/**
 * The admin screens are drawn in the browser (ADR 002), so without JavaScript their page would
 * be blank. This says so instead, in the sign-in card's own look; with scripts on, browsers
 * never show it. Outside #root, which the admin screens render into.
 */
function adminWithoutScripts(product: string): string {
  return (
    '<noscript><main class="flex min-h-screen items-center justify-center bg-navy-950 px-4 py-12">' +
    '<div class="w-full max-w-sm rounded-xl bg-white p-8 shadow-xl">' +
    `<p class="text-center font-display text-xl font-semibold text-gold-700">${escapeHtml(product)}</p>` +
    '<h1 class="mt-1 text-center font-display text-3xl font-semibold text-navy-950">Admin Login</h1>' +
    '<p class="mt-6 text-stone-800">The admin area needs JavaScript, and it is turned off or ' +
    'blocked in this browser. Turn JavaScript on for this site, then reload this page to sign in.</p>' +
    '<p class="mt-4 text-stone-800">The rest of the website works without it.</p>' +
    '<p class="mt-6"><a class="text-navy-800 underline hover:text-navy-950" href="/">Back to the website</a></p>' +
    '</div></main></noscript>'
  );
}

export function renderDocument({
  route,
  path,
  appHtml,
  content,
  assets,
  fonts,
  site,
  publicUrl,
  pageData,
  head: own,
}: DocumentInput): string {
  const title = escapeHtml(documentTitle(own ? { ...route, title: own.title } : route));
  const description = escapeHtml(
    own?.description ?? pageDescriptions[route.path] ?? site.seo.description,
  );
  // The route's own path: /join/ or /JOIN redirect there, and the 404 page has none.
  const canonical = escapeHtml(
    `${publicUrl}${route.prefix || route.path.includes(':') ? path : route.path}`,
  );
  const hasCanonical =
    route.kind === 'public' && route !== notFoundRoute && !own?.notFound && !route.standalone;
  const shared = own?.image ?? site.seo.image;
  const image = escapeHtml(`${publicUrl}${shared.src}`);
  const admin = route.kind === 'admin';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    admin || !route.indexed || own?.notFound
      ? '<meta name="robots" content="noindex, nofollow">'
      : '',
    hasCanonical ? `<link rel="canonical" href="${canonical}">` : '',
    '<meta name="theme-color" content="#0b1430">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...(admin
      ? []
      : [
          `<meta property="og:type" content="website">`,
          `<meta property="og:site_name" content="${escapeHtml(site.product)}">`,
          `<meta property="og:title" content="${title}">`,
          `<meta property="og:description" content="${description}">`,
          `<meta property="og:url" content="${canonical}">`,
          `<meta property="og:image" content="${image}">`,
          `<meta property="og:image:width" content="${shared.width}">`,
          `<meta property="og:image:height" content="${shared.height}">`,
          `<meta property="og:image:alt" content="${escapeHtml(shared.alt)}">`,
          `<meta property="og:locale" content="${escapeHtml(site.seo.locale)}">`,
          '<meta name="twitter:card" content="summary_large_image">',
          site.seo.twitterHandle
            ? `<meta name="twitter:site" content="${escapeHtml(site.seo.twitterHandle)}">`
            : '',
          `<meta name="twitter:title" content="${title}">`,
          `<meta name="twitter:description" content="${description}">`,
          `<meta name="twitter:image" content="${image}">`,
        ]),
    ...fonts.map(
      (href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    route.path === '/' ? heroPreload(site.hero[0]?.backgroundImage) : '',
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    route.path === '/'
      ? `<script type="application/ld+json">${jsonForScript(organizationJsonLd(site, publicUrl))}</script>`
      : '',
  ].filter(Boolean);
  const data =
    `<script type="application/json" id="${SITE_CONTENT_ELEMENT_ID}">${jsonForScript(content)}</script>` +
    (pageData
      ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(pageData)}</script>`
      : '');
  // What the entry loads once the page has painted (src/client/entry-client.tsx).
  const modules = assets.app
    ? ` data-app="${escapeHtml(assets.app)}" data-modules="${escapeHtml(assets.deferred.join(' '))}"`
    : '';
  const scripts =
    data +
    assets.scripts.map((src) => `<script type="module" src="${src}"${modules}></script>`).join('');
  const withoutScripts = admin ? adminWithoutScripts(site.product) : '';
  return `<!doctype html><html lang="en"><head>${head.join('')}</head><body><div id="root">${appHtml}</div>${withoutScripts}${scripts}</body></html>`;
}
