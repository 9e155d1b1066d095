import type { Env } from '~/server/env';
import { postJson, PostError } from './post-json';

/**
 * OJC Fund's charity-card API: one call, `POST {base}/vouchers/processcharitycardtransaction`
 * with HTTP Basic auth and a JSON body. A 200 answers with OJC's reference of the transaction
 * (a bare or quoted string, or a number); anything else is an error status with a meaning
 * (406 card or expiry wrong, 451 over the donor's limit, 452 daily limit, 453 organisation id
 * missing, 461 organisation not found, 462 card invalid or inactive). The shapes come from
 * integrations published by other OJC users; see docs/decisions/009-ojc-monthly-gifts.md.
 */

export const notConfiguredMessage =
  'OJC Fund payments are not set up on this site. Please choose a credit card, or contact us.';

export interface OjcSettings {
  apiBase: string;
  username: string;
  password: string;
  orgId: string;
}

/** The OJC settings, or null without them (the OJC routes then answer 503). */
export function ojcSettings(env: Env): OjcSettings | null {
  if (!env.OJC_USERNAME || !env.OJC_PASSWORD || !env.OJC_ORG_ID) return null;
  return {
    apiBase: env.OJC_API_BASE,
    username: env.OJC_USERNAME,
    password: env.OJC_PASSWORD,
    orgId: env.OJC_ORG_ID,
  };
}

/** The statuses by which OJC declines a card: the donor can do something about each. */
export const declineStatuses = [406, 451, 452, 462] as const;
export type DeclineStatus = (typeof declineStatuses)[number];

export type ChargeOutcome =
  /** Charged. The reference is OJC's; null if OJC's answer had none. */
  | { kind: 'approved'; reference: string | null }
  /** OJC refused the card: nothing was charged. */
  | { kind: 'declined'; status: DeclineStatus }
  /** OJC refused us (organisation unknown, credentials wrong, a request it did not take). */
  | { kind: 'misconfigured'; status: number }
  /** OJC was not reached, or failed (5xx): nothing was charged. */
  | { kind: 'unavailable'; status: number | null }
  /** The request went out and no answer came: the card may or may not have been charged. */
  | { kind: 'unconfirmed' };

export interface CardCharge {
  /** Digits only. */
  cardNumber: string;
  /** MMYY. */
  expiry: string;
  amountCents: number;
  /** This site's id of the payment: OJC shows it with the transaction. */
  reference: string;
}

/** How long OJC has to answer: a charge that takes longer is treated as unconfirmed. */
export const OJC_TIMEOUT_MS = 20_000;

/** OJC's reference from a 200: `"ABC123"`, `ABC123`, `12345` or `{"referenceNumber": …}`. */
export function readReference(body: string): string | null {
  const text = body.trim();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string' || typeof parsed === 'number') return String(parsed) || null;
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const value = record.referenceNumber ?? record.ReferenceNumber ?? record.refnum;
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      return null;
    }
  } catch {
    // not JSON: the reference as text
  }
  return text.slice(0, 200);
}

/**
 * Charges a charity card once. Never throws for what OJC answers or for the network: the
 * outcome says what happened. The card number goes in the request body and nowhere else (no
 * log line here carries it; callers log the outcome only).
 */
export async function chargeCharityCard(
  settings: OjcSettings,
  charge: CardCharge,
  signal?: AbortSignal,
): Promise<{ outcome: ChargeOutcome; detail?: string }> {
  const auth = Buffer.from(`${settings.username}:${settings.password}`).toString('base64');
  const timeout = AbortSignal.timeout(OJC_TIMEOUT_MS);
  let response: { status: number; text: string };
  try {
    response = await postJson(
      `${settings.apiBase}/vouchers/processcharitycardtransaction`,
      {
        authorization: `Basic ${auth}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      JSON.stringify({
        CardNo: charge.cardNumber,
        ExpDate: charge.expiry,
        OrgId: settings.orgId,
        Amount: charge.amountCents / 100,
        ExternalreferenceId: charge.reference,
        // The site schedules monthly charges itself (ADR 009): OJC's split is never asked for.
        SplitByMonths: 0,
      }),
      signal ? AbortSignal.any([signal, timeout]) : timeout,
    );
  } catch (error) {
    if (!(error instanceof PostError)) throw error;
    // Not connected: OJC never saw the card. Connected: it may have charged it.
    const outcome = error.connected
      ? ({ kind: 'unconfirmed' } as const)
      : ({ kind: 'unavailable', status: null } as const);
    return { outcome, detail: error.code };
  }
  const body = response.text;
  const { status } = response;
  if (status >= 200 && status < 300) {
    return { outcome: { kind: 'approved', reference: readReference(body) } };
  }
  if ((declineStatuses as readonly number[]).includes(status)) {
    return { outcome: { kind: 'declined', status: status as DeclineStatus } };
  }
  if (status >= 500) return { outcome: { kind: 'unavailable', status } };
  // OJC's words go to the office's log; a card number it might echo back does not.
  const detail = body.slice(0, 200).replace(/\d{8,}/g, '[digits]');
  return { outcome: { kind: 'misconfigured', status }, detail };
}
