/**
 * The domain's closed lists: one source for the database's enums and check constraints
 * (src/db/schema imports them), the server's route contracts and the browser's screens.
 */

export const donationTypes = ['onetime', 'subscription'] as const;
export type DonationType = (typeof donationTypes)[number];

/** How the money came: through the site (Stripe, OJC Fund), or to the office by another way. */
export const paymentMethods = ['stripe', 'ojc', 'offline'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * How a donor pays at the site's checkout (its `method`): a card, recorded as a `stripe` payment,
 * or the OJC Fund, recorded as `ojc`.
 */
export const checkoutMethods = ['credit_card', 'ojc'] as const;
export type CheckoutMethod = (typeof checkoutMethods)[number];
/** Whether a word from an address or a form is one of the checkout's methods. */
export const isCheckoutMethod = (value: string | null): value is CheckoutMethod =>
  checkoutMethods.some((method) => method === value);

/**
 * The ways a gift reaches the office without the site's checkout: a cheque, cash, a bank transfer,
 * Zelle, a donor-advised fund's grant, an OJC Fund voucher or charity card taken by phone, The
 * Donors' Fund and Matbia charity cards.
 */
export const offlineMethods = [
  'check',
  'cash',
  'bank-transfer',
  'zelle',
  'daf',
  'ojc',
  'donors-fund',
  'matbia',
  'other',
] as const;
export type OfflineMethod = (typeof offlineMethods)[number];

/** How far a payment has come. Ranked in src/server/features/donations/payment-status.ts. */
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * What a gift's dedication is: in honor of, in memory of, l'ilui nishmas, refuah shleimah. The
 * stored spelling is the site's American one (`honor`), as the receipts have always read.
 */
export const dedicationKinds = ['honor', 'memory', 'ilui', 'refuah'] as const;
export type DedicationKind = (typeof dedicationKinds)[number];

/** The words before the dedication's name, on the receipt, the wall and the Rabbi's list. */
export const dedicationKindLabels: Record<DedicationKind, string> = {
  honor: 'In honor of',
  memory: 'In memory of',
  ilui: 'L’ilui nishmas',
  refuah: 'Refuah shleimah',
};

/** A version of the site's content: the office's one draft, or published. */
export const siteContentStates = ['draft', 'published'] as const;
export type SiteContentStateName = (typeof siteContentStates)[number];

/** A monthly OJC gift that this server charges each month. */
export const ojcGiftStatuses = ['active', 'canceled', 'failed'] as const;
export type OjcGiftStatus = (typeof ojcGiftStatuses)[number];

export const memberStatuses = ['pending', 'active', 'lapsed', 'cancelled'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const messageStatuses = ['new', 'read', 'archived'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const applicationStatuses = ['new', 'contacted', 'active', 'declined'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const adminRoles = ['owner', 'admin'] as const;
export type AdminRole = (typeof adminRoles)[number];

export const jobStatuses = ['pending', 'running', 'succeeded', 'dead'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const integrationIds = ['ghl', 'zapier'] as const;
export type IntegrationId = (typeof integrationIds)[number];

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** Why a name is given for prayer. */
export const prayerIntentionValues = [
  'healing',
  'shidduch',
  'parnassah',
  'children',
  'success',
  'other',
] as const;
export type PrayerIntention = (typeof prayerIntentionValues)[number];

/** How the name is joined to the mother's: ben (son of) or bat (daughter of). */
export const prayerRelationValues = ['ben', 'bat'] as const;
export type PrayerRelation = (typeof prayerRelationValues)[number];
/** The relation as the forms word it. */
export const prayerRelationLabels: Record<PrayerRelation, string> = {
  ben: 'Son of (ben)',
  bat: 'Daughter of (bat)',
};

/** A comment on a video waits for an administrator's approval. */
export const commentStatuses = ['pending', 'approved'] as const;
export type CommentStatus = (typeof commentStatuses)[number];

/** A donor's request to be forgotten: waiting for the office, done, or turned down. */
export const erasureRequestStatuses = ['requested', 'erased', 'declined'] as const;
export type ErasureRequestStatus = (typeof erasureRequestStatuses)[number];

/** A pledge is a promise, not money: open until it is paid (it became a gift) or cancelled. */
export const pledgeStatuses = ['open', 'paid', 'cancelled'] as const;
export type PledgeStatus = (typeof pledgeStatuses)[number];
/** A campaign the office is preparing (seen only in the admin area), or published. */
export const campaignStatuses = ['draft', 'published'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
/** A campaign's team: asked for by an ambassador, then approved (public) or declined by the office. */
export const teamStatuses = ['requested', 'approved', 'declined'] as const;
export type TeamStatus = (typeof teamStatuses)[number];

/**
 * How a campaign gift is shown on the donor wall, as its donor chose: the name and amount, the
 * name only, initials, "Anonymous" (the office still knows), or not on the wall at all.
 */
export const wallDisplays = ['full', 'name', 'initials', 'anonymous', 'hidden'] as const;
export type WallDisplay = (typeof wallDisplays)[number];

/** How each wall choice reads to the donor who makes it. */
export const wallDisplayLabels: Record<WallDisplay, string> = {
  full: 'My full name and the amount',
  name: 'My name only',
  initials: 'My initials',
  anonymous: '“Anonymous” (the office still knows it is you)',
  hidden: 'Not on the wall',
};

/** Why a campaign gift's match was given back to its matcher. */
export const matchReleaseReasons = [
  'refunded',
  'disputed',
  'cancelled',
  'failed',
  'voided',
] as const;
export type MatchReleaseReason = (typeof matchReleaseReasons)[number];
