import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '),
    )
    .join('; ');
}

/** The Content-Security-Policy of a page that loads Stripe.js. */
export function stripePageCsp(httpsOnly: boolean): string {
  const directives = siteDirectives(httpsOnly);
  for (const [name, hosts] of Object.entries(stripeAdditions)) {
    directives[name] = [...(directives[name] ?? []), ...hosts];
  }
  return serialize(directives);
}

/** Security headers on every response. Pages that load Stripe.js replace the CSP (ssr/plugin). */
export async function registerSecurityHeaders(app: FastifyInstance, httpsOnly: boolean) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: siteDirectives(httpsOnly) },
    strictTransportSecurity: httpsOnly
      ? { maxAge: 63072000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
