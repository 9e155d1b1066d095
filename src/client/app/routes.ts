import type { ComponentType } from 'react';

/**
 * Every page of the site. Public pages are rendered on the server and hydrated; admin pages
 * render in the browser only and are never indexed. `module` names the page's source file so
 * the server can preload its chunk; `load` is how the browser fetches it.
 */
export interface PageRoute {
  path: string;
  /** Matches this path and everything below it (admin). */
  prefix?: boolean;
  kind: 'public' | 'admin';
  title: string;
  /** Listed in sitemap.xml. */
  indexed: boolean;
  /**
   * The page loads Stripe.js: its Content-Security-Policy adds exactly the hosts Stripe
   * documents. Every other page allows this origin only.
   */
  stripe?: boolean;
  /**
   * The page embeds YouTube or Vimeo players: its Content-Security-Policy allows their player
   * frames and thumbnail images, nothing more.
   */
  videoEmbeds?: boolean;
  /**
   * A form on the page goes on to Stripe's customer portal (the server answers its post with a
   * redirect there): its Content-Security-Policy lets forms go to that host, nothing more.
   */
  stripePortal?: boolean;
  /**
   * Drawn alone, without the site's header, footer and navigation (a campaign on a projector, or
   * framed by another site); never indexed.
   */
  standalone?: boolean;
  module: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const routes: PageRoute[] = [
  {
    path: '/',
    kind: 'public',
    title: 'Prayers at the Holy Tziyun in Monsey',
    indexed: true,
    module: 'src/client/pages/home-page.tsx',
    load: () => import('~/client/pages/home-page'),
  },
  {
    path: '/join',
    kind: 'public',
    title: 'Join the Community',
    indexed: true,
    module: 'src/client/pages/join-page.tsx',
    load: () => import('~/client/pages/join-page'),
  },
  {
    path: '/donate',
    kind: 'public',
    title: 'Donate',
    indexed: true,
    module: 'src/client/pages/donate-page.tsx',
    load: () => import('~/client/pages/donate-page'),
  },
  {
    path: '/contact',
    kind: 'public',
    title: 'Contact Us',
    indexed: true,
    module: 'src/client/pages/contact-page.tsx',
    load: () => import('~/client/pages/contact-page'),
  },
  {
    path: '/videos',
    kind: 'public',
    title: 'Teaching Videos',
    indexed: true,
    videoEmbeds: true,
    module: 'src/client/pages/videos-page.tsx',
    load: () => import('~/client/pages/videos-page'),
  },
  {
    // A published campaign for a projector in a hall: large type, dark, no site around it.
    path: '/campaign/:slug/screen',
    kind: 'public',
    title: 'Campaign on Screen',
    indexed: false,
    standalone: true,
    module: 'src/client/pages/campaign-screen-page.tsx',
    load: () => import('~/client/pages/campaign-screen-page'),
  },
  {
    // A published campaign's thermometer, framed by the sites the office lists.
    path: '/campaign/:slug/embed',
    kind: 'public',
    title: 'Campaign Thermometer',
    indexed: false,
    standalone: true,
    module: 'src/client/pages/campaign-embed-page.tsx',
    load: () => import('~/client/pages/campaign-embed-page'),
  },
  {
    // An approved team of a published campaign: its thermometer, its wall, a gift that credits it.
    path: '/campaign/:slug/team/:team',
    kind: 'public',
    title: 'Campaign Team',
    indexed: false,
    module: 'src/client/pages/campaign-team-page.tsx',
    load: () => import('~/client/pages/campaign-team-page'),
  },
  {
    // A team leader's own list, from the signed link in their mails: the gifts through the team
    // and who asked not to be asked again.
    path: '/campaign/:slug/team/:team/list',
    kind: 'public',
    title: 'Your Team’s List',
    indexed: false,
    module: 'src/client/pages/campaign-team-list-page.tsx',
    load: () => import('~/client/pages/campaign-team-list-page'),
  },
  {
    // /campaign/<slug>: a published campaign's page; any other slug is the 404 page.
    path: '/campaign',
    prefix: true,
    kind: 'public',
    title: 'Campaign',
    indexed: true,
    module: 'src/client/pages/campaign-page.tsx',
    load: () => import('~/client/pages/campaign-page'),
  },
  {
    path: '/prayer-names',
    kind: 'public',
    title: 'Names for Prayer',
    indexed: false,
    module: 'src/client/pages/prayer-names-page.tsx',
    load: () => import('~/client/pages/prayer-names-page'),
  },
  {
    path: '/my-giving',
    kind: 'public',
    title: 'My Giving',
    indexed: false,
    module: 'src/client/pages/my-giving-page.tsx',
    load: () => import('~/client/pages/my-giving-page'),
  },
  {
    path: '/checkout',
    kind: 'public',
    title: 'Checkout',
    indexed: false,
    stripe: true,
    module: 'src/client/pages/checkout-page.tsx',
    load: () => import('~/client/pages/checkout-page'),
  },
  {
    // /checkout/ojc/<paymentId>: the page create-payment answers with.
    path: '/checkout/ojc',
    prefix: true,
    kind: 'public',
    title: 'OJC Fund Payment',
    indexed: false,
    module: 'src/client/pages/ojc-payment-page.tsx',
    load: () => import('~/client/pages/ojc-payment-page'),
  },
  {
    path: '/donate/manage',
    kind: 'public',
    title: 'Your Monthly Gift',
    indexed: false,
    stripePortal: true,
    module: 'src/client/pages/manage-gift-page.tsx',
    load: () => import('~/client/pages/manage-gift-page'),
  },
  {
    path: '/donate/cancel',
    kind: 'public',
    title: 'Your Monthly OJC Gift',
    indexed: false,
    module: 'src/client/pages/cancel-gift-page.tsx',
    load: () => import('~/client/pages/cancel-gift-page'),
  },
  {
    path: '/donate/opt-out',
    kind: 'public',
    title: 'Don’t Ask Me Again',
    indexed: false,
    module: 'src/client/pages/campaign-opt-out-page.tsx',
    load: () => import('~/client/pages/campaign-opt-out-page'),
  },
  {
    path: '/test-stripe',
    kind: 'public',
    title: 'Payment Configuration Test',
    indexed: false,
    module: 'src/client/pages/test-stripe-page.tsx',
    load: () => import('~/client/pages/test-stripe-page'),
  },
  {
    path: '/newsletter',
    kind: 'public',
    title: 'Newsletter',
    indexed: false,
    module: 'src/client/pages/newsletter-page.tsx',
    load: () => import('~/client/pages/newsletter-page'),
  },
  {
    // The emailed confirmation link: its button confirms (a GET never does, ADR 034).
    path: '/newsletter/confirm',
    kind: 'public',
    title: 'Confirm Your Subscription',
    indexed: false,
    module: 'src/client/pages/newsletter-page.tsx',
    load: () => import('~/client/pages/newsletter-page'),
  },
  {
    path: '/newsletter/unsubscribe',
    kind: 'public',
    title: 'Unsubscribe',
    indexed: false,
    module: 'src/client/pages/newsletter-page.tsx',
    load: () => import('~/client/pages/newsletter-page'),
  },
  {
    path: '/admin',
    prefix: true,
    kind: 'admin',
    title: 'Administration',
    indexed: false,
    module: 'src/client/pages/admin-page.tsx',
    load: () => import('~/client/pages/admin-page'),
  },
];

export const notFoundRoute: PageRoute = {
  path: '/404',
  kind: 'public',
  title: '404 Page Not Found',
  indexed: false,
  module: 'src/client/pages/not-found-page.tsx',
  load: () => import('~/client/pages/not-found-page'),
};

export function findRoute(path: string): PageRoute | undefined {
  return routes.find((r) => r.path === path || (r.prefix && path.startsWith(`${r.path}/`)));
}

/**
 * The address a page is known by, for a path that differs only by case or a trailing slash
 * (/JOIN, /join/): the server redirects there so every page has one address.
 */
export function canonicalPagePath(path: string): string | undefined {
  const normalized = path.replace(/\/+$/, '').toLowerCase() || '/';
  return normalized !== path && findRoute(normalized) ? normalized : undefined;
}
