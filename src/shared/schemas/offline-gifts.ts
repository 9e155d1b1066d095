import * as z from 'zod/mini';
import { offlineMethods, wallDisplays, type OfflineMethod } from '~/shared/domain';
import { lineText, optionalLine, optionalText } from './common';
import { optionalEmail } from './donations';
import { dedicationView } from './dedication-view';

/**
 * The office's ledger: a gift received another way than the site's checkout (a cheque at the
 * tziyun, cash, a bank transfer, a fund's grant, a charity card taken by phone). Amounts are in
 * dollars, as the donate API takes them, but with cents: a cheque may be for $180.50.
 */

export const OFFLINE_GIFT_MAX_DOLLARS = 10_000_000;

/** What each method is called on a screen, a receipt and a statement. */
export const offlineMethodLabels: Record<OfflineMethod, string> = {
  check: 'Cheque',
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  zelle: 'Zelle',
  daf: 'Donor-advised fund grant',
  ojc: 'OJC Fund voucher or charity card',
  'donors-fund': "The Donors' Fund",
  matbia: 'Matbia',
  other: 'Other',
};

/** What the reference of each method is, where it has one the office must write down. */
export const offlineReferenceLabels: Partial<Record<OfflineMethod, string>> = {
  check: 'cheque number',
  daf: 'grant number',
  ojc: 'voucher number',
  'donors-fund': 'card or voucher number',
  matbia: 'card or voucher number',
};

/** Dollars with at most two digits of cents, typed ("1,234.50", "$180") or sent as a number. */
function dollars(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  const cleaned = value.trim().replace(/^\$/, '').replaceAll(',', '');
  return /^\d+(\.\d*)?$|^\.\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** Dollars with cents, more than $0: what a gift or a pledge of the office is for. */
export const amountField = z.pipe(
  z.pipe(
    z.union([z.number(), z.string()], { error: 'Please enter the amount in dollars' }),
    z.transform((value: number | string) => dollars(value)),
  ),
  z.number({ error: 'Please enter the amount in dollars' }).check(
    z.refine((n) => Number.isFinite(n), 'Please enter the amount in dollars'),
    z.refine((n) => n > 0, 'The amount must be more than $0'),
    z.refine(
      (n) => n <= OFFLINE_GIFT_MAX_DOLLARS,
      `The amount must be at most $${OFFLINE_GIFT_MAX_DOLLARS.toLocaleString('en-US')}`,
    ),
    z.refine(
      (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      'The amount can have at most two digits of cents',
    ),
  ),
);

const dedicationField = z.pipe(
  z.optional(
    z.nullable(
      z.object({
        kind: z.enum(['honor', 'memory'], { error: 'Choose in honor of or in memory of' }),
        name: lineText('Dedication name', 100, 1),
      }),
    ),
  ),
  z.transform((value) => value ?? null),
);

const offlineGiftShape = {
  name: lineText('Name', 200, 1, "Please enter the donor's name"),
  email: optionalEmail,
  address: optionalText('Address', 500),
  amount: amountField,
  method: z.enum(offlineMethods, { error: 'Please choose how the gift was given' }),
  receivedOn: z.iso.date({ error: 'Please enter the date received (YYYY-MM-DD)' }),
  reference: optionalLine('Reference', 100),
  dedication: dedicationField,
  note: optionalText('Note', 2000),
  /** The office has seen the warning of a gift with the same reference, and it is a second gift. */
  confirmDuplicate: z.optional(z.boolean()),
  /**
   * A donor without email: the record the office confirmed is theirs (ADR 053). Left out, a
   * gift without email makes a new record; a gift with an email is its address's.
   */
  donorId: z.optional(z.uuid({ error: 'Choose the donor again: that record is not valid' })),
  /**
   * The campaign the gift was given to, by its slug: a published campaign. Such a gift is pending
   * on the campaign until the office marks it cleared (`POST /api/admin/offline-gifts/:id/clear`).
   */
  campaign: z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: 'Please choose a campaign' })
          .check(z.maxLength(100, 'There is no such campaign'), z.trim()),
      ),
    ),
    z.transform((value) => value || null),
  ),
  /**
   * The campaign's team the gift is credited to, by its slug: an approved team of the gift's own
   * campaign. Left out, the gift counts for the campaign only.
   */
  team: z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: 'Please choose a team' })
          .check(z.maxLength(60, 'There is no such team in this campaign'), z.trim()),
      ),
    ),
    z.transform((value) => value || null),
  ),
  /** How the gift is shown on the campaign's wall; left out, it is "Anonymous" there. */
  wall: z.pipe(
    z.optional(
      z.nullable(
        z.enum(wallDisplays, {
          error:
            'Choose how the gift is shown on the wall: full, name, initials, anonymous or hidden',
        }),
      ),
    ),
    z.transform((value) => value ?? null),
  ),
};

const giftRules = z.superRefine(
  (
    gift: {
      method: OfflineMethod;
      reference: string | null;
      email: string | null;
      address: string | null;
      donorId?: string | undefined;
      campaign: string | null;
      team: string | null;
      wall: string | null;
    },
    ctx,
  ) => {
    if (gift.team && !gift.campaign) {
      ctx.issues.push({
        code: 'custom',
        input: gift.team,
        path: ['team'],
        message: "A team is a campaign's: choose the campaign, or leave the team blank",
      });
    }
    if (gift.wall && !gift.campaign) {
      ctx.issues.push({
        code: 'custom',
        input: gift.wall,
        path: ['wall'],
        message: "The wall is a campaign's: choose the campaign, or leave the wall blank",
      });
    }
    if (gift.method === 'check' && !gift.reference) {
      ctx.issues.push({
        code: 'custom',
        input: gift.reference,
        path: ['reference'],
        message: 'Please enter the cheque number',
      });
    }
    if (gift.email && gift.donorId) {
      ctx.issues.push({
        code: 'custom',
        input: gift.donorId,
        path: ['donorId'],
        message:
          'A gift with an email belongs to that email: leave the email blank to choose a donor record',
      });
    }
    if (!gift.email && !gift.address) {
      ctx.issues.push({
        code: 'custom',
        input: gift.address,
        path: ['address'],
        message: 'Please enter a postal address or an email, so the receipt can reach the donor',
      });
    }
  },
);

/** `POST /api/admin/offline-gifts`. */
export const offlineGiftInput = z.object(offlineGiftShape).check(giftRules);

/** Why the office changes or voids a gift: kept in the audit log, never shown to the donor. */
const reasonField = lineText('Reason', 500, 1, 'Please say why');

/** `PUT /api/admin/offline-gifts/:id`: the gift as it should read, and why it changed. */
export const offlineGiftEditInput = z
  .object({ ...offlineGiftShape, reason: reasonField })
  .check(giftRules);

/** `POST /api/admin/offline-gifts/:id/void`: why (the office's), and a note for the donor. */
export const offlineGiftVoidInput = z.object({
  reason: reasonField,
  /** Optional words for the donor's mail, e.g. "The cheque was returned by the bank." */
  donorNote: optionalText('Note for the donor', 500),
});

export const offlineGiftParams = z.object({
  id: z.uuid({ error: 'This gift is not in the ledger' }),
});

/** What the office's form holds: text, by field; the dedication as two fields. */
export interface OfflineGiftFormValues extends Record<string, string> {
  name: string;
  email: string;
  address: string;
  amount: string;
  method: string;
  receivedOn: string;
  reference: string;
  dedicationKind: string;
  dedicationName: string;
  note: string;
  /** A campaign's slug, or blank. */
  campaign: string;
  /** A team's slug in that campaign, or blank. */
  team: string;
  /** A wall choice, or blank. */
  wall: string;
}

/** The form's text as the API's body: the same rules then judge it in the browser and the server. */
export function offlineGiftBody(values: OfflineGiftFormValues) {
  const { dedicationKind, dedicationName, campaign, team, wall, ...rest } = values;
  return {
    ...rest,
    campaign: campaign || null,
    team: campaign && team ? team : null,
    wall: campaign && wall ? wall : null,
    dedication: dedicationName.trim() ? { kind: dedicationKind, name: dedicationName } : null,
  };
}

/** The recording form holds two more: the duplicate confirmed and the donor record chosen. */
export interface OfflineGiftRecordFormValues extends OfflineGiftFormValues {
  /** 'true' once the office confirmed a second gift with the same reference. */
  confirmDuplicate: string;
  /** The donor record the office chose for a gift without email, or blank for a new one. */
  donorId: string;
}

/** The office's form: its text made into the body, then the API's own schema. */
export const offlineGiftForm = z.pipe(
  z.transform(({ confirmDuplicate, donorId, ...values }: OfflineGiftRecordFormValues) => {
    const body = {
      ...offlineGiftBody(values),
      ...(confirmDuplicate === 'true' ? { confirmDuplicate: true } : {}),
      // A gift with an email is its address's: a record chosen before the email was typed is not sent.
      ...(donorId && !values.email.trim() ? { donorId } : {}),
    };
    return body as z.input<typeof offlineGiftInput>;
  }),
  offlineGiftInput,
);

/** The office's correction: the same form, and why. */
export interface OfflineGiftEditFormValues extends OfflineGiftFormValues {
  reason: string;
}

export const offlineGiftEditForm = z.pipe(
  z.transform(
    (values: OfflineGiftEditFormValues) =>
      offlineGiftBody(values) as z.input<typeof offlineGiftEditInput>,
  ),
  offlineGiftEditInput,
);

/** The void dialog's text. */
export interface OfflineGiftVoidFormValues extends Record<string, string> {
  reason: string;
  donorNote: string;
}

export type OfflineGiftInput = z.output<typeof offlineGiftInput>;
export type OfflineGiftEditInput = z.output<typeof offlineGiftEditInput>;
export type OfflineGiftVoidInput = z.output<typeof offlineGiftVoidInput>;

export const offlineGiftView = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  amount: z.number(),
  method: z.enum(offlineMethods),
  receivedOn: z.string(),
  reference: z.nullable(z.string()),
  dedication: z.nullable(dedicationView),
  note: z.nullable(z.string()),
  voided: z.boolean(),
  /** The office's reason, when voided. */
  voidReason: z.nullable(z.string()),
  /** The donor record it counts for (ADR 053). */
  donorId: z.nullable(z.string()),
  /** A photo of the cheque or voucher is kept (`GET /api/admin/offline-gifts/:id/photo`). */
  hasPhoto: z.boolean(),
  /** The campaign it was given to. */
  campaign: z.nullable(z.object({ id: z.string(), slug: z.string(), title: z.string() })),
  /** The campaign's team it is credited to. */
  team: z.nullable(z.object({ slug: z.string(), name: z.string() })),
  wall: z.nullable(z.enum(wallDisplays)),
  /**
   * The money is in: a campaign gift is pending (no receipt number yet) until the office marks
   * it cleared; every other gift the office records is received when recorded.
   */
  cleared: z.boolean(),
});

export type OfflineGiftView = z.output<typeof offlineGiftView>;

export const offlineGiftCreated = z.object({ gift: offlineGiftView });

/** `GET /api/admin/offline-gifts`: the latest gifts the office recorded, newest received first. */
export const offlineGiftList = z.object({ gifts: z.array(offlineGiftView) });
