import { afterAll, beforeAll } from 'vitest';
import type { Env } from '~/server/env';
import { ojcTestEnv } from './ojc';
import { startOjcStandIn, type OjcStandIn } from './ojc-stand-in';
import { buildStripeTestApp } from './stripe';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

/**
 * A test file's Stripe and OJC stand-ins, started before its tests and closed after them, for
 * tests that build their own apps taking both kinds of payment (each test closes its app). Read
 * `stripe` and `ojc` inside tests.
 */
export function setUpPaymentStandIns() {
  let stripe: StripeStandIn | undefined;
  let ojc: OjcStandIn | undefined;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    ojc = await startOjcStandIn();
  });
  afterAll(async () => {
    await stripe?.close();
    await ojc?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('setUpPaymentStandIns: read stripe and ojc inside tests');
    return value;
  };
  const standIns = {
    get stripe() {
      return started(stripe);
    },
    get ojc() {
      return started(ojc);
    },
    /** An app taking cards through the Stripe stand-in and OJC gifts through the OJC one. */
    buildApp: (overrides: Partial<Record<keyof Env, string>> = {}) =>
      buildStripeTestApp(standIns.stripe, { ...ojcTestEnv(standIns.ojc), ...overrides }),
  };
  return standIns;
}
