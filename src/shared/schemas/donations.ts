import * as z from 'zod/mini';
import { dedicationKinds, donationTypes, paymentStatuses } from '~/shared/domain';
import { campaignGiftFields } from './campaigns';
import { emailField, honeypot, lineText, messages, oneLine, optionalLine } from './common';
import { optionalHebrewNameField, prayerRelationField } from './prayer-names';

/** The smallest gift, in whole dollars; the largest comes from the server's settings. */
export const minDonationDollars = 1;

export const amountMessages = {
  required: 'Amount is required',
  notANumber: 'Amount must be a number of whole dollars',
  whole: 'Amount must be in whole dollars',
  min: `Amount must be at least $${minDonationDollars}`,
  max: (maxDollars: number) => `Amount must be at most $${maxDollars.toLocaleString('en-US')}`,
};

/** A gift in whole dollars (the spec's `{amount}`), from $1 to `maxDollars`. */
export function donationAmount(maxDollars: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? amountMessages.required : amountMessages.notANumber,
    })
    .check(
      z.refine((n) => Number.isInteger(n), amountMessages.whole),
      z.gte(minDonationDollars, amountMessages.min),
      z.lte(maxDollars, amountMessages.max(maxDollars)),
    );
}

/** An email that may be left out: absent, null or blank become null. */
export const optionalEmail = z.pipe(
  z.optional(z.nullable(z.union([z.literal(''), emailField()]))),
  z.transform((value) => (value ? value : null)),
);

export const dedicationMessages = {
  kind: 'Choose in honor of, in memory of, l’ilui nishmas or refuah shleimah',
  hebrewParts: 'Give the Hebrew name, ben or bat, and the mother’s Hebrew name, or none of them',
};

const dedicationShape = {
  kind: z.enum(dedicationKinds, { error: dedicationMessages.kind }),
  name: lineText('Dedication name', 100, 1),
  /** For the Rabbi to read at the tziyun, as the prayer list takes a name: all three or none. */
  hebrewName: optionalHebrewNameField('Hebrew name'),
  relation: z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({ error: 'Choose son of (ben) or daughter of (bat)' }))),
      z.transform((value) => value || null),
    ),
    z.nullable(prayerRelationField),
  ),
  motherHebrewName: optionalHebrewNameField('Mother’s Hebrew name'),
};

/** The Hebrew parts come together: a name alone cannot be read as the prayer list reads it. */
const hebrewPartsTogether = z.superRefine(
  (
    value: { hebrewName: string | null; relation: string | null; motherHebrewName: string | null },
    ctx,
  ) => {
    const parts = ['hebrewName', 'relation', 'motherHebrewName'] as const;
    const given = parts.filter((part) => value[part] !== null);
    if (given.length === 0 || given.length === parts.length) return;
    for (const part of parts) {
      if (value[part] === null)
        ctx.addIssue({
          code: 'custom',
          path: [part],
          message: dedicationMessages.hebrewParts,
          input: value[part],
        });
    }
  },
);

/**
 * A gift's dedication: its kind and the name the receipt and the wall show, and optionally the
 * Hebrew name, ben or bat and the mother's Hebrew name, checked as the prayer list checks them.
 */
export const dedicationInput = z.object(dedicationShape).check(hebrewPartsTogether);
export type DedicationInput = z.output<typeof dedicationInput>;

/** One key per checkout page, sent again on a retry: a double submit sets up one payment. */
export const idempotencyKeyInput = z.optional(
  z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9_-]{16,100}$/,
        'idempotencyKey must be 16 to 100 letters, digits, - or _',
      ),
    ),
);

/** The signed token of a /join confirmation's payment link: the member this gift pays for. */
export const membershipTokenInput = z.optional(
  z.nullable(z.string().check(z.maxLength(1000, 'membership must be at most 1000 characters'))),
);

/**
 * `POST /api/create-payment-intent` and `POST /api/create-subscription`: the spec's `{amount}`
 * plus what the checkout may know already. `idempotencyKey` is made once per checkout page
 * and sent again on a retry, so a double submit sets up one payment.
 */
export function donationSetupInput(maxDollars: number) {
  return z.object({
    amount: donationAmount(maxDollars),
    name: optionalLine('Name', 100),
    email: optionalEmail,
    dedication: z.optional(z.nullable(dedicationInput)),
    coverFee: z.optional(z.boolean({ error: 'coverFee must be true or false' })),
    idempotencyKey: idempotencyKeyInput,
    ...honeypot,
    membership: membershipTokenInput,
    /** A campaign's slug (a published campaign open now) and the donor's wall choice. */
    ...campaignGiftFields,
  });
}

export type DonationSetupInput = z.output<ReturnType<typeof donationSetupInput>>;

export const clientSecretResponse = z.object({ clientSecret: z.string() });

/**
 * `POST /api/record-donation`: the spec's payload. Only the payment id and the donor's name and
 * email are used; the amount, type and status come from Stripe.
 */
export const recordDonationInput = z.object({
  stripePaymentId: z
    .string({ error: 'stripePaymentId is required' })
    .check(z.regex(/^pi_[A-Za-z0-9]{1,255}$/, 'stripePaymentId must be a Stripe PaymentIntent id')),
  name: optionalLine('Name', 100),
  email: optionalEmail,
  amount: z.optional(z.nullable(z.number())),
  donationType: z.optional(z.nullable(z.enum(donationTypes))),
  paymentMethod: z.optional(z.nullable(z.enum(['stripe', 'credit_card', 'card', 'ojc']))),
  stripeSubscriptionId: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
});

export const donationSummary = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  donationType: z.enum(donationTypes),
  status: z.enum(paymentStatuses),
});

export const recordDonationResponse = z.object({ success: z.boolean(), donation: donationSummary });

/** Spec 5: the checkout's donor name, required and at least 2 characters after trimming. */
export const checkoutNameField = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.minLength(2, 'Name must be at least 2 characters'),
    z.maxLength(100, 'Name must be at most 100 characters'),
    oneLine('Name'),
  );

/** Spec 5: the checkout's donor email, required and of the shape text@text.text. */
export const checkoutEmailField = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(254, 'Email must be at most 254 characters'),
    ),
  z.email(messages.invalidEmail).check(z.toLowerCase()),
);

/** The checkout form's names for a dedication's parts (the Hebrew ones as the prayer-names form). */
export const dedicationFormField = {
  kind: 'dedicationKind',
  name: 'dedicationName',
  hebrewName: 'hebrewName',
  relation: 'relation',
  motherHebrewName: 'motherHebrewName',
} as const;

/** The dedication's fields as the checkout forms post them. */
export const dedicationFormFields = {
  dedicate: z.optional(z.string()),
  dedicationKind: z.optional(z.string()),
  dedicationName: z.optional(z.string()),
  hebrewName: z.optional(z.string()),
  relation: z.optional(z.string()),
  motherHebrewName: z.optional(z.string()),
};
type DedicationForm = { [K in keyof typeof dedicationFormFields]?: string | undefined };

/** The API's dedication from the form's fields: null unless the donor ticked "Dedicate". */
export function dedicationFromForm(form: DedicationForm) {
  if (form.dedicate !== 'yes') return null;
  return {
    kind: form.dedicationKind ?? '',
    name: form.dedicationName ?? '',
    hebrewName: form.hebrewName ?? null,
    relation: form.relation ?? null,
    motherHebrewName: form.motherHebrewName ?? null,
  };
}

/** The dedication's messages, each on the form field it is about. */
export const dedicationFormCheck = z.superRefine((form: DedicationForm, ctx) => {
  const dedication = dedicationFromForm(form);
  if (!dedication) return;
  const checked = z.safeParse(dedicationInput, dedication);
  for (const issue of checked.error?.issues ?? []) {
    const part = String(issue.path[0] ?? 'name') as keyof typeof dedicationFormField;
    const field = dedicationFormField[part] ?? dedicationFormField.name;
    ctx.addIssue({ code: 'custom', path: [field], message: issue.message, input: form[field] });
  }
});

/**
 * The checkouts' donor form, checked in the browser before anything is sent: name, email and the
 * dedication as its fields post (`dedicate=yes`, its kind, its name and Hebrew parts).
 */
export const checkoutDonorInput = z
  .object({
    name: checkoutNameField,
    email: checkoutEmailField,
    ...dedicationFormFields,
  })
  .check(dedicationFormCheck);

/** `GET /api/stripe-config`: what the checkout needs to load Stripe.js, never a secret. */
export const stripeConfigResponse = z.object({
  configured: z.boolean(),
  mode: z.nullable(z.enum(['test', 'live'])),
  publishableKey: z.nullable(z.string()),
  apiVersion: z.string(),
  settings: z.object({
    secretKey: z.boolean(),
    publishableKey: z.boolean(),
    webhookSecret: z.boolean(),
  }),
  limits: z.object({ minDollars: z.number(), maxDollars: z.number() }),
  fee: z.object({ percent: z.number(), fixedCents: z.number() }),
});
export type StripeConfig = z.output<typeof stripeConfigResponse>;

/** `GET /api/stripe/verify-payment/:paymentId`: a PaymentIntent's id. */
export const stripeVerifyParams = z.object({
  paymentId: z.string().check(z.minLength(1), z.maxLength(255)),
});

/** The admin's re-check of a card payment with Stripe (`GET /api/stripe/verify-payment/:id`). */
export const stripeVerifyResponse = z.object({
  success: z.boolean(),
  verification: z.object({
    status: z.string(),
    stripeStatus: z.string(),
    amount: z.number(),
    currency: z.string(),
  }),
  error: z.nullable(z.string()),
});

export type PaymentSetupInput = z.input<ReturnType<typeof donationSetupInput>>;
export type RecordDonationInput = z.input<typeof recordDonationInput>;
