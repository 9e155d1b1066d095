import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

/** The Content-Security-Policy of a page that embeds YouTube or Vimeo players. */
export function videoEmbedsPageCsp(httpsOnly: boolean): string {
  return pageCsp(httpsOnly, videoEmbedAdditions);
}

const hstsMaxAge = 63072000;

/**
 * The essential headers, for an answer sent before any hook runs (the router's refusals, through
 * Fastify's frameworkErrors): helmet's hook never ran for those.
 */
export function essentialSecurityHeaders(httpsOnly: boolean): Record<string, string> {
  return {
    'content-security-policy': serialize(siteDirectives(httpsOnly)),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    ...(httpsOnly
      ? { 'strict-transport-security': `max-age=${hstsMaxAge}; includeSubDomains` }
      : {}),
  };
}

/**
 * Security headers on every response. Pages that load Stripe.js or embed video players replace
 * the CSP (ssr/plugin).
 */
export async function registerSecurityHeaders(app: FastifyInstance, httpsOnly: boolean) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: siteDirectives(httpsOnly) },
    strictTransportSecurity: httpsOnly
      ? { maxAge: hstsMaxAge, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
