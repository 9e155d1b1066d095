import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '~/server/errors';
import { networkKey } from '~/server/lib/client-address';
import { readHits } from './rate-limit-store';

/**
 * The card-testing defence behind the per-visitor limit (ADR 046). A card tester needs a payment
 * setup per card and rotates addresses to get them; a donor needs one. So, in turn:
 *
 * 1. **One network** (an IPv4 /24, an IPv6 /48: a home's /56 and a server's /64s sit inside one)
 *    gets `DONATION_NETWORK_RATE_LIMIT` setups a minute: addresses inside one allocation count
 *    together.
 * 2. **The ceiling for everyone** (`DONATION_GLOBAL_RATE_LIMIT` a minute) refuses only while
 *    cards are being declined (`DONATION_DECLINE_ALARM` declines within 15 minutes): that is what
 *    card testing looks like, and it is what a crowd of donors does not do. Without declines, a
 *    few addresses making many setups cannot close checkout for anyone else.
 * 3. **While armed**, a network's first setup over the ceiling in those 15 minutes still goes
 *    through: a donor starting a gift is not refused because others filled the ceiling; a tester
 *    gets one more card per network, not one per request.
 *
 * A `preHandler`: it counts only requests that passed the per-visitor limit (an `onRequest`
 * hook) and the body's validation, and refuses before Stripe or OJC is asked for anything, so
 * no PaymentIntent is created for a setup it refuses. Counted in the database with the
 * per-visitor limits, so all instances share the counts (ADR 015).
 */
export function globalRateLimit(app: FastifyInstance, name: CeilingName) {
  const { env, hitCounter: counter } = app;
  const networkMax = env.DONATION_NETWORK_RATE_LIMIT ?? env.DONATION_RATE_LIMIT * 4;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const network = networkKey(request.ip);
    const fromNetwork = await counter.count(`network:${networkGroups[name]}|${network}`, MINUTE);
    if (fromNetwork.hits > networkMax) {
      throw refuse(request, reply, fromNetwork.ttlMs, 'network payment setup limit exceeded', {
        message: (seconds) =>
          `Too many donations have been started from your network in the last minute. No money was taken. Please wait ${seconds} seconds and try again.`,
      });
    }
    const everyone = await counter.count(`global|${name}`, MINUTE);
    if (everyone.hits <= env.DONATION_GLOBAL_RATE_LIMIT) return;
    if (!(await cardTestingSuspected(app))) return;
    const first = await counter.count(`first|${name}|${network}`, DECLINE_WINDOW_MS);
    if (first.hits === 1) return;
    throw refuse(request, reply, everyone.ttlMs, 'global payment setup limit exceeded', {
      message: (seconds) =>
        `Too many donations are being started right now. No money was taken. Please wait ${seconds} seconds and try again.`,
    });
  };
}

/** The routes' names for the ceiling: card setups, OJC setups and OJC charges count apart. */
export type CeilingName = 'stripe-payment-setup' | 'ojc-create-payment' | 'ojc-charge';

/** Card and OJC setups share one count per network, as they share one per visitor. */
const networkGroups: Record<CeilingName, string> = {
  'stripe-payment-setup': 'payment-setup',
  'ojc-create-payment': 'payment-setup',
  'ojc-charge': 'ojc-charge',
};

const MINUTE = 60_000;

/** How long declines are counted, and how long a network's first setup over the ceiling lasts. */
export const DECLINE_WINDOW_MS = 15 * MINUTE;

const declinesKey = 'global|payment-declines';

/**
 * Counts a card declined at checkout (a Stripe `payment_intent.payment_failed`, an OJC decline):
 * enough of them in the window arm the ceiling for everyone.
 */
export async function countDecline(app: FastifyInstance) {
  await app.hitCounter.count(declinesKey, DECLINE_WINDOW_MS);
}

/** Runs an OJC charge, counting it as a decline when OJC declined the card. */
export async function countingDeclines<T>(app: FastifyInstance, charge: Promise<T>): Promise<T> {
  try {
    return await charge;
  } catch (error) {
    if (error instanceof AppError && error.code === 'payment_declined') await countDecline(app);
    throw error;
  }
}

/** True while the declines of the current window reach `DONATION_DECLINE_ALARM`. */
export async function cardTestingSuspected(app: FastifyInstance) {
  const { hits } = await readHits(app.database.db, declinesKey, app.clock());
  return hits >= app.env.DONATION_DECLINE_ALARM;
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  ttlMs: number,
  logMessage: string,
  { message }: { message: (seconds: number) => string },
) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  request.log.warn({ url: request.url.split('?')[0] }, logMessage);
  reply.header('retry-after', String(seconds));
  return new AppError('rate_limited', message(seconds));
}
