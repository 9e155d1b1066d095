import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { donations } from '~/db/schema';
import type { Env } from '~/server/env';
import type { signIn } from './admin';
import { buildTestApp, type TestApp } from './app';
import { setUpStandInApp } from './stand-in-app';
import { drainOutbox } from './stripe';
import { ojcTestCredentials, startOjcStandIn, type OjcStandIn } from './ojc-stand-in';

export type OjcTestApp = TestApp;
/** Any app the tests can call: the test app, or one built with another logger. */
type Injects = Pick<FastifyInstance, 'inject'>;

/** A made-up key for sealing test cards: 32 bytes of 7s, never a real one. */
export const testCardKey = Buffer.alloc(32, 7).toString('base64');

/**
 * A made-up charity card number (OJC publishes no test cards; the stand-in takes any), printed
 * with spaces as on a card; `testCardDigits` is how the server sends it.
 */
export const testCard = '9000 1234 5678 4242';
export const testCardDigits = testCard.replace(/ /g, '');
/** An expiry years away, so the card never counts as expired in a test. */
export const testExpiry = '12/39';

type EnvOverrides = Partial<Record<keyof Env, string>>;

/** The settings of OJC against the stand-in, monthly gifts included, rate limits out of the way. */
export function ojcTestEnv(standIn: Pick<OjcStandIn, 'url'>) {
  return {
    OJC_API_BASE: standIn.url,
    OJC_USERNAME: ojcTestCredentials.username,
    OJC_PASSWORD: ojcTestCredentials.password,
    OJC_ORG_ID: ojcTestCredentials.orgId,
    OJC_CARD_ENCRYPTION_KEY: testCardKey,
    DONATION_RATE_LIMIT: '1000',
    DONATION_GLOBAL_RATE_LIMIT: '1000',
  };
}

/** The app with OJC configured against the stand-in. */
export function buildOjcTestApp(standIn: Pick<OjcStandIn, 'url'>, overrides: EnvOverrides = {}) {
  return buildTestApp({ ...ojcTestEnv(standIn), ...overrides });
}

/**
 * A test file's OJC stand-in and app, started before its tests and closed after them, and an
 * admin signed in to it when `admin` gives the account's options. Read `app`, `standIn` and
 * `admin` inside tests (they exist once `beforeAll` has run).
 */
export function setUpOjcTestApp(
  overrides: EnvOverrides = {},
  { admin }: { admin?: Parameters<typeof signIn>[1] } = {},
) {
  const fixture = setUpStandInApp({
    kit: 'setUpOjcTestApp',
    start: startOjcStandIn,
    build: (standIn) => buildOjcTestApp(standIn, overrides),
    admin,
  });
  return Object.assign(fixture, {
    /** The donation row of a payment. */
    async donationOf(paymentId: string) {
      const [row] = await fixture.app.database.db
        .select()
        .from(donations)
        .where(eq(donations.id, paymentId));
      if (!row) throw new Error(`no donation row ${paymentId}`);
      return row;
    },
  });
}

export const donor = {
  donorName: 'Sarah Cohen',
  donorEmail: 'sarah@example.org',
  donorPhone: '845-555-0100',
};

/** Starts an OJC gift through the API; returns its payment id. */
export async function createOjcPayment(app: Injects, payload: Record<string, unknown> = {}) {
  const res = await requestOjcPayment(app, payload);
  if (res.statusCode !== 200) throw new Error(`create-payment: ${res.statusCode} ${res.body}`);
  return res.json().payment.paymentId as string;
}

/** The donate form's request for an OJC payment (a $36 one-time gift unless told), answered as is. */
export function requestOjcPayment(app: Injects, payload: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/ojc/create-payment',
    payload: { amount: 36, donationType: 'onetime', ...donor, ...payload },
  });
}

/** Sends the card for a payment, as the payment page does. */
export function chargeOjcPayment(
  app: Injects,
  paymentId: string,
  card: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/ojc/payments/${paymentId}/charge`,
    payload: { cardNumber: testCard, expiry: testExpiry, ...card },
  });
}

/**
 * A monthly gift through the checkout and its first charge, the outbox drained (the receipt is
 * in `sentMail`): its first payment's id and the gift's.
 */
export async function startOjcMonthly(
  app: OjcTestApp,
  { card, ...payload }: { card: string; amount: number; dedication?: Record<string, unknown> },
) {
  const paymentId = await createOjcPayment(app, { donationType: 'subscription', ...payload });
  const res = await chargeOjcPayment(app, paymentId, { cardNumber: card });
  if (res.statusCode !== 200) throw new Error(`charge: ${res.statusCode} ${res.body}`);
  await drainOutbox(app);
  const [first] = await app.database.db.select().from(donations).where(eq(donations.id, paymentId));
  return { paymentId, giftId: first!.ojcSubscriptionId! };
}
