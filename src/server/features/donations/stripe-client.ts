import Stripe from 'stripe';
import type { Env } from '~/server/env';
import { AppError } from '~/server/errors';

/**
 * The Stripe API version this code is written against, pinned so that a Stripe dashboard
 * upgrade cannot change the shape of what we read. Raising it means reading Stripe's changelog,
 * updating the `stripe` package whose types match it, and running the tests.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export const notConfiguredMessage = 'Card payments are not configured on this site.';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  mode: 'test' | 'live';
  /** host/port/protocol for the SDK when STRIPE_API_BASE points elsewhere (a local stand-in). */
  endpoint: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** The card-payment settings, or null when the keys are not set (card checkout then answers 503). */
export function stripeSettings(env: Env): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    mode: env.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test',
    endpoint: env.STRIPE_API_BASE ? parseApiBase(env.STRIPE_API_BASE) : undefined,
  };
}

export function parseApiBase(base: string): NonNullable<StripeSettings['endpoint']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * How long one request to Stripe may take, and how often a failed one is tried again. A donor
 * waits on these: a Stripe that never answers costs them `STRIPE_TIMEOUT_MS` for the first try,
 * the SDK's pause before the retry (0.5 s) and `STRIPE_TIMEOUT_MS` for the retry, 10.5 s in all
 * (it was 20 s twice, 40.5 s), and the checkout stops at the first call that fails. Stripe's
 * calls take well under a second, so 5 s is ample; the retry covers a dropped connection or a
 * 5xx. Webhook handlers use the same client: a timeout there answers 500 and Stripe redelivers.
 */
export const STRIPE_TIMEOUT_MS = 5_000;
export const STRIPE_MAX_NETWORK_RETRIES = 1;

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Every POST carries an idempotency key, so a retry never charges twice.
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'tziyun-donations' },
    ...settings.endpoint,
  });
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Stripe answered that the object does not exist. */
export function isMissingResource(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

export const unreachableMessage =
  'The card payment service could not be reached. No payment was taken; please try again in a few minutes.';

/**
 * What the donor is told when a call to Stripe fails. The details (type, code, request id) go
 * to the log; the message of a 5xx never reaches the browser.
 */
export function stripeFailure(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError(
      'conflict',
      'This payment was already started with other details. Reload the page and try again.',
    );
  }
  return new AppError('bad_gateway', unreachableMessage);
}

/** The log fields of a Stripe failure: never the request's parameters. */
export function stripeErrorFields(error: unknown) {
  if (!isStripeError(error)) return { err: error };
  return {
    stripeError: {
      type: error.type,
      code: error.code,
      statusCode: error.statusCode,
      requestId: error.requestId,
      message: error.message,
    },
  };
}
