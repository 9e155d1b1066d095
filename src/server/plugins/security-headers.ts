import helmet from '@fastify/helmet';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { videoEmbedHosts } from '~/shared/video-links';

type Directives = Record<string, string[]>;

/** Every response: this origin only, no inline script or style, no framing. */
function siteDirectives(httpsOnly: boolean): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The hosts Stripe documents for Stripe.js and the Payment Element (docs.stripe.com/security/
 * guide, "Content Security Policy"): its script, its iframes (including 3-D Secure on
 * hooks.stripe.com) and its API. Only pages that load Stripe.js (the checkout) get them.
 */
const stripeAdditions: Directives = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/**
 * /videos: the privacy-friendly players (youtube-nocookie.com, Vimeo), framed only after a press
 * on play, and the providers' thumbnail hosts.
 */
const videoEmbedAdditions: Directives = {
  frameSrc: [...videoEmbedHosts.frames],
  imgSrc: [...videoEmbedHosts.images],
};

/**
 * The manage page's form goes on to Stripe's customer portal (a redirect from the form's post,
 * which form-action covers too).
 */
const stripePortalAdditions: Directives = { formAction: ['https://billing.stripe.com'] };

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '),
    )
    .join('; ');
}

function pageCsp(httpsOnly: boolean, additions: Directives): string {
  const directives = siteDirectives(httpsOnly);
  for (const [name, hosts] of Object.entries(additions)) {
    directives[name] = [...(directives[name] ?? []), ...hosts];
  }
  return serialize(directives);
}

/** The Content-Security-Policy of a page that loads Stripe.js. */
export function stripePageCsp(httpsOnly: boolean): string {
  return pageCsp(httpsOnly, stripeAdditions);
}

/** The Content-Security-Policy of a page whose form goes on to Stripe's customer portal. */
export function stripePortalPageCsp(httpsOnly: boolean): string {
  return pageCsp(httpsOnly, stripePortalAdditions);
}

/** The Content-Security-Policy of a page that embeds YouTube or Vimeo players. */
export function videoEmbedsPageCsp(httpsOnly: boolean): string {
  return pageCsp(httpsOnly, videoEmbedAdditions);
}

const hstsMaxAge = 63072000;

/**
 * Permissions-Policy: the powerful features the site never uses, denied to the page and to
 * every frame in it (an injected script or a framed player cannot ask for the camera). Only
 * features Chromium knows are named: an unknown one is a console error on every page. The
 * video players' own (autoplay, encrypted-media, picture-in-picture, fullscreen) keep the
 * default, so the player's `allow` attribute still grants them.
 */
const deniedFeatures = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
];

/** The policy of a page that adds nothing to the site's. */
export function sitePageCsp(httpsOnly: boolean): string {
  return serialize(siteDirectives(httpsOnly));
}

/**
 * A policy that lets this site's own pages frame the page (the Site Content editor's preview,
 * ADR 033); every other page stays unframable.
 */
export function framableBySite(csp: string): string {
  return csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
}

/**
 * A policy that lets exactly these origins frame the page (a campaign's thermometer on the sites
 * the office lists); with none, no site may.
 */
export function framableBy(csp: string, origins: readonly string[]): string {
  const ancestors = origins.length > 0 ? origins.join(' ') : "'none'";
  return csp.replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`);
}

function permissionsPolicy(payment: string): string {
  return [...deniedFeatures.map((f) => `${f}=()`), `payment=${payment}`].join(', ');
}

/** Every response but the checkout's: no Payment Request API either. */
export const sitePermissionsPolicy = permissionsPolicy('()');

/**
 * A page that loads Stripe.js: the Payment Request API for the page and Stripe's frames on
 * js.stripe.com, where the Payment Element offers Apple Pay and Google Pay (Stripe.js creates
 * those frames with `allow="payment"`, which works only if the page's policy allows it).
 */
export const stripePagePermissionsPolicy = permissionsPolicy('(self "https://js.stripe.com")');

/** Whether this Content-Security-Policy lets Stripe.js run (the checkout's, `stripePageCsp`). */
function allowsStripeJs(csp: unknown): boolean {
  const scriptSrc = String(csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return scriptSrc?.includes(stripeAdditions.scriptSrc![0]!) ?? false;
}

/**
 * The essential headers, for an answer sent before any hook runs (the router's refusals, through
 * Fastify's frameworkErrors): helmet's hook never ran for those.
 */
export function essentialSecurityHeaders(httpsOnly: boolean): Record<string, string> {
  return {
    'content-security-policy': serialize(siteDirectives(httpsOnly)),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // DENY, as CSP's frame-ancestors 'none' says, for browsers that know only this header.
    'x-frame-options': 'DENY',
    'permissions-policy': sitePermissionsPolicy,
    ...(httpsOnly
      ? { 'strict-transport-security': `max-age=${hstsMaxAge}; includeSubDomains` }
      : {}),
  };
}

/**
 * Helmet's headers for these options, worked out once. @fastify/helmet builds helmet's middleware
 * again on every request (parsing the CSP directives each time: an eighth of the CPU of a page
 * served from memory); these options never change, so its answer never does. The
 * plugin itself answers one request of a throwaway instance, and what it set is kept, names and
 * values exactly as it wrote them.
 */
async function helmetHeaders(httpsOnly: boolean): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: siteDirectives(httpsOnly) },
    strictTransportSecurity: httpsOnly
      ? { maxAge: hstsMaxAge, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  probe.get('/', async (_request, reply) => reply.send());
  // Node has kept the names as written since 15.13 (the types of Node 20 do not say so yet).
  const answer = (await probe.inject('/')).raw.res as ServerResponse & {
    getRawHeaderNames(): string[];
  };
  await probe.close();
  return answer
    .getRawHeaderNames()
    .filter((name) => name.toLowerCase() !== 'content-length')
    .map((name) => [name, String(answer.getHeader(name))]);
}

/**
 * Security headers on every response. Pages that load Stripe.js or embed video players replace
 * the CSP (ssr/plugin); the page whose CSP lets Stripe.js run gets the Payment Request API for
 * Stripe's frames, so the permission follows the CSP and cannot drift from it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, httpsOnly: boolean) {
  const fixed = await helmetHeaders(httpsOnly);
  // Whether a policy lets Stripe.js run, read once per policy: the policies come from code, so
  // there are a handful, and every answer after the first with one is a lookup. (Bounded, should
  // a policy ever vary per request.)
  const stripeAllowed = new Map<string, boolean>();
  const letsStripeRun = (csp: string) => {
    const known = stripeAllowed.get(csp);
    if (known !== undefined) return known;
    const allowed = allowsStripeJs(csp);
    if (stripeAllowed.size < 64) stripeAllowed.set(csp, allowed);
    return allowed;
  };
  // Permissions-Policy beside them (helmet has none), so errors and 404s carry it too. Set among
  // the reply's own headers, first, so a route's own (a page's CSP) replaces it: Node checks each
  // once as it writes them. Set on the raw response as helmet does, Node checked each twice (as
  // set, and again as the reply's headers joined them), an eighth of a kept page's CPU in Node's
  // header code. The names go out in lower case, as every other header of the reply.
  // (One answer goes without them: Fastify's last-resort error answer when writing the reply's
  // headers itself failed, which it retries with none.)
  const headers: Record<string, string> = Object.fromEntries(
    fixed.map(([name, value]) => [name.toLowerCase(), value]),
  );
  headers['permissions-policy'] = sitePermissionsPolicy;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const csp = reply.getHeader('content-security-policy');
    if (csp !== undefined && letsStripeRun(String(csp))) {
      reply.header('permissions-policy', stripePagePermissionsPolicy);
    }
    done(null, payload);
  });
}
