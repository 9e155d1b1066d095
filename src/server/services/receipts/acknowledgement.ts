import { eq, or, type SQL } from 'drizzle-orm';
import { members, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { dollarsToCents, formatMoney } from '~/shared/money';
import type { SiteConfig } from '~/shared/site-config-schema';
import { fundGrantNote } from '~/shared/gift-method';

/**
 * A gift's written acknowledgement for the donor's taxes (IRS Publication 1771), decided here
 * alone and printed as is by the mail receipt, the PDF receipt and the year-end statement
 * (docs/receipts.md):
 *
 * - a one-time gift, or a monthly gift that pays no membership: no goods or services;
 * - a membership's monthly payment: what its tier gives in return (site.config.ts
 *   `receipts.tierBenefits`): nothing, only intangible religious benefits (no value to state),
 *   or goods or services, described with the organisation's good-faith estimate of their value
 *   and the deductible amount (the quid pro quo disclosure, which the law requires above $75).
 */
export interface Acknowledgement {
  kind: 'none' | 'intangible-religious' | 'goods-or-services';
  /** The membership tier the payment was for, or null for a gift that pays none. */
  tier: string | null;
  /** What was given in return, in one sentence (see `acknowledgementText`). */
  sentence: string;
  /** The amount given less the estimated value of what was received, never below zero. */
  deductibleCents: number;
  /** A payment over $75 made partly for goods or services: the sentence is its disclosure. */
  quidProQuo: boolean;
}

/** Above this a payment partly for goods or services needs the quid pro quo disclosure. */
const QUID_PRO_QUO_OVER_CENTS = 7_500;

export interface AcknowledgedGift {
  /** What the donor gave (for a receipt after a refund: what was kept). */
  amountCents: number;
  currency: string;
  /** The membership tier the gift paid (`membershipTierOf`), or null. */
  tier: string | null;
  /**
   * A donor-advised fund's grant (`isFundGrant`): the fund claimed the deduction when the donor
   * gave to it, so nothing here is deductible for the donor.
   */
  fundGrant?: boolean;
}

type TierBenefit = SiteConfig['receipts']['tierBenefits'][string];

/** The tier's benefit, or null when the gift paid no membership (or one the config no longer has). */
function benefitOf(site: SiteConfig, tier: string | null): TierBenefit | null {
  return (tier && site.receipts.tierBenefits[tier]) || null;
}

/**
 * The sentence for one gift (`count` 1) or several of one kind on a statement; `valueCents` and
 * `deductibleCents` are their totals.
 */
function sentenceOf(
  site: SiteConfig,
  benefit: TierBenefit | null,
  {
    count,
    valueCents,
    deductibleCents,
    currency,
  }: {
    count: number;
    valueCents: number;
    deductibleCents: number;
    currency: string;
  },
) {
  const these = count === 1 ? 'this contribution' : 'these contributions';
  if (!benefit || benefit.kind === 'none') {
    return `No goods or services were provided in exchange for ${these}.`;
  }
  if (benefit.kind === 'intangible-religious') {
    return `The only goods or services provided in exchange for ${these} were intangible religious benefits: ${benefit.description}.`;
  }
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    `In exchange for ${these} you received ${benefit.description}, whose value ` +
    `${site.legalName} estimates in good faith at ${money(valueCents)}. The amount you may ` +
    `deduct for federal income tax purposes is limited to the excess of your ` +
    `${count === 1 ? 'contribution' : 'contributions'} over that value: ${money(deductibleCents)}.`
  );
}

/** What a gift received in return, and the words that say so. */
export function acknowledgementOf(site: SiteConfig, gift: AcknowledgedGift): Acknowledgement {
  if (gift.fundGrant) {
    return {
      kind: 'none',
      tier: null,
      sentence: `${fundGrantNote}.`,
      deductibleCents: 0,
      quidProQuo: false,
    };
  }
  const benefit = benefitOf(site, gift.tier);
  const valueCents =
    benefit?.kind === 'goods-or-services' ? dollarsToCents(benefit.valuePerPayment) : 0;
  const deductibleCents = Math.max(0, gift.amountCents - valueCents);
  return {
    kind: benefit?.kind ?? 'none',
    tier: benefit ? gift.tier : null,
    sentence: sentenceOf(site, benefit, {
      count: 1,
      valueCents,
      deductibleCents,
      currency: gift.currency,
    }),
    deductibleCents,
    quidProQuo: valueCents > 0 && gift.amountCents > QUID_PRO_QUO_OVER_CENTS,
  };
}

/**
 * A year-end statement's acknowledgements: one paragraph per kind of gift in it (gifts outside
 * a membership, each tier's payments), in the words of the receipts, and the deductible total.
 */
export function statementAcknowledgements(site: SiteConfig, gifts: AcknowledgedGift[]) {
  const groups = new Map<string | null, AcknowledgedGift[]>();
  const grants = gifts.filter((gift) => gift.fundGrant);
  for (const gift of gifts) {
    if (gift.fundGrant) continue;
    const tier = benefitOf(site, gift.tier) ? gift.tier : null;
    groups.set(tier, [...(groups.get(tier) ?? []), gift]);
  }
  const labelled = groups.size > 1 || (groups.size === 1 && !groups.has(null));
  const paragraphs = [...groups].map(([tier, group]) => {
    const acks = group.map((gift) => acknowledgementOf(site, gift));
    const benefit = benefitOf(site, tier);
    const perPayment =
      benefit?.kind === 'goods-or-services' ? dollarsToCents(benefit.valuePerPayment) : 0;
    const deductibleCents = acks.reduce((sum, ack) => sum + ack.deductibleCents, 0);
    const sentence = sentenceOf(site, benefit, {
      count: group.length,
      valueCents: perPayment * group.length,
      deductibleCents,
      currency: group[0]!.currency,
    });
    if (!labelled) return sentence;
    const name = site.tiers.find((t) => t.id === tier)?.name;
    return `${name ? `${name} membership payments` : 'Gifts outside a membership'}: ${sentence}`;
  });
  if (grants.length > 0) {
    paragraphs.push(
      grants.length === 1
        ? `${fundGrantNote}.`
        : 'Donor-advised fund grants: the fund, not you, may claim these.',
    );
  }
  const deductibleCents = gifts.reduce(
    (sum, gift) => sum + acknowledgementOf(site, gift).deductibleCents,
    0,
  );
  return { paragraphs, deductibleCents };
}

/** The closing words every acknowledgement carries: who received the gift, and its status. */
export function taxStatusSentence(site: SiteConfig) {
  return `${site.legalName} (EIN ${site.ein}) is a 501(c)(3) nonprofit organization; your gift is tax-deductible to the extent allowed by law.`;
}

/** A receipt's acknowledgement, word for word the same in the mail and in the PDF. */
export function acknowledgementText(site: SiteConfig, gift: AcknowledgedGift) {
  if (gift.fundGrant) {
    // No deductibility is claimed for the donor: the fund was the one that could.
    return `${fundGrantNote}. ${site.legalName} (EIN ${site.ein}) is a 501(c)(3) nonprofit organization.`;
  }
  return `${acknowledgementOf(site, gift).sentence} ${taxStatusSentence(site)}`;
}

/**
 * The membership tier a gift paid: a monthly gift whose subscription (card or OJC) is a
 * member's. A one-time gift, even a member's, pays no membership, and gets nothing in return.
 */
export async function membershipTierOf(
  db: DatabaseExecutor,
  gift: Pick<Donation, 'donationType' | 'stripeSubscriptionId' | 'ojcSubscriptionId'>,
): Promise<string | null> {
  if (gift.donationType !== 'subscription') return null;
  const paidBy: SQL[] = [];
  if (gift.stripeSubscriptionId) {
    paidBy.push(eq(members.stripeSubscriptionId, gift.stripeSubscriptionId));
  }
  if (gift.ojcSubscriptionId) paidBy.push(eq(members.ojcSubscriptionId, gift.ojcSubscriptionId));
  if (paidBy.length === 0) return null;
  const [member] = await db
    .select({ tier: members.tier })
    .from(members)
    .where(or(...paidBy))
    .limit(1);
  return member?.tier ?? null;
}
