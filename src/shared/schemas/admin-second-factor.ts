import { z } from 'zod';
import { passwordLength, sessionResponse } from './admin';
import { passkeyAttestation, passkeyAssertion } from './webauthn';

/**
 * The contracts of administrators' second factors (docs/decisions/018-admin-second-factor.md):
 * the sign-in's second step, enrolling, Account Security and the owners' requirement.
 */

/** How a sign-in's second step can be done. */
export const secondFactorMethods = ['totp', 'passkey', 'recovery-code'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

export const recoveryCodeCount = 10;
/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives. */
export const recoveryCodeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 32: 80 random bits per code. */
export const recoveryCodeLength = 16;

const totpCodeMessage = 'Enter the 6-digit code from your authenticator app';

/** Six digits; spaces or a dash typed or pasted between them are ignored. */
export const totpCodeField = z
  .string({ error: totpCodeMessage })
  .max(20, totpCodeMessage)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, totpCodeMessage));

/**
 * A recovery code as typed: case, spaces and dashes do not matter, and the letters people mix up
 * with digits (O, I, L) are read as the digits.
 */
export function normalizeRecoveryCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

const recoveryCodeMessage = 'Enter one of your recovery codes (16 letters and digits)';

export const recoveryCodeField = z
  .string({ error: recoveryCodeMessage })
  .max(40, recoveryCodeMessage)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(new RegExp(`^[${recoveryCodeAlphabet}]{16}$`), recoveryCodeMessage));

/** A name for a passkey, so its owner can tell them apart ("Office laptop"). */
export const passkeyNameField = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(60, 'The name must be at most 60 characters')
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f\u2028\u2029]*$/, 'The name must be on one line');

/** `POST /api/admin/login` when the password was right and a second step follows. */
export const secondFactorAsked = z.object({
  next: z.literal('second-factor'),
  methods: z.array(z.enum(secondFactorMethods)),
  expiresAt: z.string(),
});
/** `POST /api/admin/login` when the site requires a second factor and the account has none. */
export const enrolmentAsked = z.object({ next: z.literal('enrolment'), expiresAt: z.string() });
/** `POST /api/admin/login`: signed in, or a second step to take. */
export const loginAnswer = z.union([sessionResponse, secondFactorAsked, enrolmentAsked]);

/** `POST /api/admin/login/second-factor` */
export const secondFactorInput = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('totp'), code: totpCodeField }),
    z.object({ method: z.literal('recovery-code'), code: recoveryCodeField }),
    z.object({ method: z.literal('passkey'), response: passkeyAssertion }),
  ],
  { error: 'Choose how to confirm it is you: a code, a passkey or a recovery code' },
);

/** Setting up an authenticator app: the secret (for typing in) and its QR code, once. */
export const totpSetup = z.object({
  /** Base32, as authenticator apps take it. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data: URL, for an <img>. */
  qrCode: z.string(),
});

/** `POST /api/admin/login/enrolment`: the first second factor of an account that must have one. */
export const enrolmentInput = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('totp'), code: totpCodeField }),
    z.object({
      method: z.literal('passkey'),
      name: passkeyNameField,
      response: passkeyAttestation,
    }),
  ],
  { error: 'Choose an authenticator app or a passkey' },
);

export const recoveryCodesView = z.array(z.string());

/** Signed in after enrolling: the session, and the recovery codes, shown this once. */
export const enrolledSession = sessionResponse.extend({ recoveryCodes: recoveryCodesView });

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** `GET /api/admin/account/security`: the signed-in administrator's own second factors. */
export const accountSecurity = z.object({
  totp: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }),
  passkeys: z.array(passkeyView),
  recoveryCodesLeft: z.number().int(),
  hasSecondFactor: z.boolean(),
  /** The site requires every administrator to have one (an owner's setting). */
  secondFactorRequired: z.boolean(),
});

/** The current password, asked again before a change to how the account signs in. */
export const confirmPasswordField = z
  .string({ error: 'Enter your password to confirm it is you' })
  .min(1, 'Enter your password to confirm it is you')
  .max(passwordLength.max, `Password must be at most ${passwordLength.max} characters`);

const passwordField = z
  .string({ error: 'Enter your password' })
  .max(passwordLength.max, `Password must be at most ${passwordLength.max} characters`);

/**
 * `POST /api/admin/account/totp/confirm`: the app's first code, and the password, as for any
 * change to what signs the account in (a session left open must not plant a lasting factor).
 */
export const totpConfirmInput = z.object({
  code: totpCodeField,
  password: confirmPasswordField,
});

/** The forms that set up a factor: the app's code alone (a sign-in's enrolment) or with the password. */
export const totpCodeForm = z.object({ code: totpCodeField });
/** A sign-in's second step by a code: the app's, or one of the recovery codes. */
export const recoveryCodeForm = z.object({ code: recoveryCodeField });
export const passkeyNameForm = z.object({ name: passkeyNameField });
export const passkeyNameWithPasswordForm = passkeyNameForm.extend({
  password: confirmPasswordField,
});

const reauthFields = {
  password: passwordField.optional(),
  code: z.string({ error: totpCodeMessage }).max(20, totpCodeMessage).optional(),
};

function requireReauth(value: { password?: string; code?: string }, ctx: z.RefinementCtx) {
  const code = value.code?.replace(/[\s-]/g, '');
  if (code) {
    if (!/^\d{6}$/.test(code))
      ctx.addIssue({ code: 'custom', path: ['code'], message: totpCodeMessage });
    return;
  }
  if (!value.password) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: 'Enter your password (or a code from your authenticator app) to confirm',
    });
  }
}

/**
 * A second look before changing what signs the account in (adding or removing a factor, new
 * recovery codes): the password, or a current code from the authenticator app.
 */
export const reauthInput = z.object(reauthFields).superRefine(requireReauth);

/** A new second factor; `recoveryCodes` when it is the account's first (else null). */
export const factorAdded = z.object({ recoveryCodes: recoveryCodesView.nullable() });
export const passkeyAdded = factorAdded.extend({ passkey: passkeyView });
/** `POST /api/admin/account/passkeys`: the new passkey, with the password or a current code. */
export const passkeyInput = z
  .object({ name: passkeyNameField, response: passkeyAttestation, ...reauthFields })
  .superRefine(requireReauth);
export const passkeyIdParams = z.object({ id: z.uuid({ error: 'Unknown passkey' }) });
export const recoveryCodesIssued = z.object({ recoveryCodes: recoveryCodesView });

/** `GET`/`PUT /api/admin/security-policy` (owners). */
export const securityPolicy = z.object({
  requireSecondFactor: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const securityPolicyInput = z.object({
  requireSecondFactor: z.boolean({ error: 'Choose whether a second factor is required' }),
});
/** The owner's form: its checkbox as the form holds it, 'true' or 'false'. */
export const securityPolicyForm = z.object({
  requireSecondFactor: z
    .enum(['true', 'false'], { error: 'Choose whether a second factor is required' })
    .transform((value) => value === 'true'),
});
/** After a change: the policy, and how many sessions of accounts without a factor were ended. */
export const securityPolicyChanged = securityPolicy.extend({ sessionsEnded: z.number().int() });

export type LoginAnswer = z.infer<typeof loginAnswer>;
export type SecondFactorInput = z.input<typeof secondFactorInput>;
export type EnrolmentInput = z.input<typeof enrolmentInput>;
export type TotpSetup = z.infer<typeof totpSetup>;
export type AccountSecurity = z.infer<typeof accountSecurity>;
export type PasskeyView = z.infer<typeof passkeyView>;
export type ReauthInput = z.input<typeof reauthInput>;
export type TotpConfirmInput = z.input<typeof totpConfirmInput>;
export type SecurityPolicy = z.infer<typeof securityPolicy>;
