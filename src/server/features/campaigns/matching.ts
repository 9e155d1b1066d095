/**
 * The matching rule (ADR 054), pure: no database, no clock. Money in cents; a ratio in
 * hundredths (100 doubles a gift, 200 triples it).
 */
import type { DonationType } from '~/shared/domain';

export interface MatcherRoom {
  id: string;
  ratioHundredths: number;
  capCents: number;
  /** What this matcher has given to gifts whose match still stands. */
  usedCents: number;
}

/** The part of one gift one matcher matched. */
export interface MatchPart {
  matcherId: string;
  ratioHundredths: number;
  giftCents: number;
  cents: number;
}

/** The match of `giftCents` at a ratio, rounded down to the cent. */
export const matchAt = (giftCents: number, ratioHundredths: number) =>
  Math.floor((giftCents * ratioHundredths) / 100);

/**
 * A received gift's match: the matchers in their order, each at its own ratio until its cap is
 * used, then the next; a gift that crosses a cap is split between the two. A matcher whose cap
 * is used is passed over; when every cap is used, the rest of the gift is not matched.
 */
export function allocateMatch(matchers: readonly MatcherRoom[], giftCents: number): MatchPart[] {
  const parts: MatchPart[] = [];
  let rest = giftCents;
  for (const m of matchers) {
    if (rest <= 0) break;
    const room = m.capCents - m.usedCents;
    if (room <= 0) continue;
    const whole = matchAt(rest, m.ratioHundredths);
    if (whole <= room) {
      if (whole > 0) parts.push({ ...part(m), giftCents: rest, cents: whole });
      break;
    }
    // The gift cents that earn what is left of the cap; the matcher gives exactly that.
    const giftUsed = Math.min(rest, Math.ceil((room * 100) / m.ratioHundredths));
    parts.push({ ...part(m), giftCents: giftUsed, cents: room });
    rest -= giftUsed;
  }
  return parts;
}

const part = (m: MatcherRoom) => ({ matcherId: m.id, ratioHundredths: m.ratioHundredths });

/**
 * What a gift keeps of its match when what it counts for drops to `keepGiftCents` (a partial
 * refund, a monthly plan ended early): the first cents of the gift keep the match they had, in
 * the order they were matched; the rest is released. A match is never recomputed at another
 * matcher's ratio, and a gift that counts as much as before keeps all of it.
 */
export function trimMatch(
  parts: readonly MatchPart[],
  keepGiftCents: number,
): { kept: MatchPart[]; released: MatchPart[] } {
  const kept: MatchPart[] = [];
  const released: MatchPart[] = [];
  let left = Math.max(0, keepGiftCents);
  for (const p of parts) {
    if (left >= p.giftCents) {
      kept.push(p);
      left -= p.giftCents;
    } else {
      released.push(p);
      const cents = Math.min(p.cents, matchAt(left, p.ratioHundredths));
      if (left > 0 && cents > 0) kept.push({ ...p, giftCents: left, cents });
      left = 0;
    }
  }
  return { kept, released };
}

export interface CountedGift {
  donationType: DonationType;
  amountCents: number;
  feeCents: number;
  refundedCents: number;
}

/**
 * What a gift counts for toward the goal and the match: what the donor gave, without the
 * processing fee they covered and less any refund. A monthly gift started in the campaign counts
 * `months` payments (its first charge, promised for `months`); `paidMonths`, once its plan has
 * ended, caps that at the payments made.
 */
export function countedCents(gift: CountedGift, months: number, paidMonths?: number): number {
  const given = gift.amountCents - gift.feeCents;
  if (gift.donationType === 'subscription') {
    const counted = paidMonths === undefined ? months : Math.min(months, paidMonths);
    return Math.max(0, given * counted - gift.refundedCents);
  }
  return Math.max(0, given - gift.refundedCents);
}
