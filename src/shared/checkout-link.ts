import {
  dedicationKinds,
  prayerRelationValues,
  type DedicationKind,
  wallDisplays,
  checkoutMethods,
  type CheckoutMethod,
  type DonationType,
  type PrayerRelation,
  type WallDisplay,
} from './domain';
import { referrerOfQuery, setReferrerQuery, type GiftReferrer } from './gift-referrer';

export interface CheckoutChoice {
  /** Whole dollars. */
  amount: number;
  /** Once, or every month: the spec's `type` query value. */
  type: DonationType;
  /** How it is paid: the spec's `method` query value. */
  method: CheckoutMethod;
  /** The signed token of a /join confirmation's link: this monthly gift pays a membership. */
  membership?: string;
  /** The slug of the campaign the gift is for. */
  campaign?: string;
  /** How the gift shows on the campaign's donor wall. */
  wall?: WallDisplay;
  /** The slug of the campaign's team the gift is given through. */
  team?: string;
  dedication?: GiftDedication;
  /** The campaign page's `utm_*`: which link brought the gift (the office's analytics). */
  referrer?: GiftReferrer;
}

/**
 * A gift's dedication: the name as the wall shows it, and the Hebrew name, ben or bat and the
 * mother's Hebrew name as the prayer list takes them (the server checks those).
 */
export interface GiftDedication {
  kind: DedicationKind;
  name: string;
  hebrewName?: string;
  relation?: PrayerRelation;
  motherHebrewName?: string;
}

/** The query's names for a dedication's parts (the Hebrew ones as the prayer-names form has them). */
const dedicationQuery = {
  kind: 'dedication',
  name: 'dedicationName',
  hebrewName: 'hebrewName',
  relation: 'relation',
  motherHebrewName: 'motherHebrewName',
} as const;

/**
 * The checkout's address for a gift. Links to it are full page loads (plain anchors or a GET
 * form), never client-side navigation: only the checkout's own response allows Stripe.js.
 */
export function checkoutHref(choice: CheckoutChoice): string {
  const { amount, type, method, membership, campaign, wall, team, dedication, referrer } = choice;
  const query = new URLSearchParams({ amount: String(amount), type, method });
  if (membership) query.set('membership', membership);
  if (campaign) query.set('campaign', campaign);
  if (wall) query.set('wall', wall);
  if (campaign && team) query.set('team', team);
  if (dedication) {
    for (const [part, name] of Object.entries(dedicationQuery)) {
      const value = dedication[part as keyof GiftDedication];
      if (value) query.set(name, value);
    }
  }
  setReferrerQuery(query, referrer);
  return `/checkout?${query.toString()}`;
}

/** A custom amount as typed: a whole number of dollars above zero, or null. */
export function parseWholeDollars(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount > 0 ? amount : null;
}

/**
 * The query's amount: its first `amount` that is not blank. The donate page's form, sent without
 * JavaScript, names both the typed amount and the chosen preset `amount`, the typed one first.
 */
export function queryAmount(params: URLSearchParams): string | null {
  return params.getAll('amount').find((value) => value.trim() !== '') ?? null;
}

/**
 * The checkout's query (spec 2): `amount` in whole dollars, `type` subscription or onetime
 * (one-time unless it says subscription), `method` credit_card by default or ojc. Null when the
 * amount is missing or not a whole number of dollars above zero: the page goes to /donate.
 * `membership` (a monthly gift only) is passed on as it is; the server checks it.
 */
export function parseCheckoutChoice(params: URLSearchParams): CheckoutChoice | null {
  const amount = parseWholeDollars(queryAmount(params));
  if (amount === null) return null;
  const type = params.get('type') === 'subscription' ? 'subscription' : 'onetime';
  const membership = type === 'subscription' ? params.get('membership') : null;
  const campaign = params.get('campaign')?.trim().toLowerCase() ?? '';
  const campaignOk = campaign.length <= LINE_MAX && campaignSlug.test(campaign);
  const wall = oneOf(wallDisplays, params.get('wall'));
  const team = params.get('team')?.trim().toLowerCase() ?? '';
  const teamOk = team.length <= LINE_MAX && campaignSlug.test(team);
  const dedication = parseDedication(params);
  const referrer = referrerOfQuery(params);
  return {
    amount,
    type,
    method: oneOf(checkoutMethods, params.get('method')) ?? 'credit_card',
    ...(membership ? { membership } : {}),
    // The wall choice, the team and the referrer belong to a campaign's gift: without one they
    // mean nothing.
    ...(campaignOk
      ? {
          campaign,
          ...(wall ? { wall } : {}),
          ...(teamOk ? { team } : {}),
          ...(referrer ? { referrer } : {}),
        }
      : {}),
    ...(dedication ? { dedication } : {}),
  };
}

/** A campaign's slug: lowercase words of letters and digits joined by hyphens. */
const campaignSlug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longer text is cut: the server's checks give the message, the link only carries it. */
const LINE_MAX = 100;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((v) => v === value) ?? null;
}

function line(params: URLSearchParams, name: string): string | undefined {
  const text = (params.get(name) ?? '').trim().slice(0, LINE_MAX);
  return text === '' ? undefined : text;
}

/**
 * A dedication needs its kind and a name to show; the Hebrew parts are passed on as typed (the
 * server checks them as the prayer list does), each only when given.
 */
function parseDedication(params: URLSearchParams): GiftDedication | null {
  const kind = oneOf(dedicationKinds, params.get(dedicationQuery.kind));
  const name = line(params, dedicationQuery.name);
  if (!kind || !name) return null;
  const hebrewName = line(params, dedicationQuery.hebrewName);
  const relation = oneOf(prayerRelationValues, params.get(dedicationQuery.relation));
  const motherHebrewName = line(params, dedicationQuery.motherHebrewName);
  return {
    kind,
    name,
    ...(hebrewName ? { hebrewName } : {}),
    ...(relation ? { relation } : {}),
    ...(motherHebrewName ? { motherHebrewName } : {}),
  };
}
