import { z } from 'zod';

/**
 * WebAuthn's messages in their JSON form, as @simplewebauthn/server builds the options and
 * @simplewebauthn/browser encodes the browser's answers (base64url for the binary fields): what
 * the passkey routes of docs/decisions/018-admin-second-factor.md send and take.
 */

const passkeyAnswerMessage = 'The passkey’s answer was incomplete. Please try again.';
const base64url = z
  .string({ error: passkeyAnswerMessage })
  .max(8192, passkeyAnswerMessage)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, passkeyAnswerMessage);
const credentialBase = {
  id: base64url.min(1, passkeyAnswerMessage),
  rawId: base64url.min(1, passkeyAnswerMessage),
  type: z.literal('public-key', { error: passkeyAnswerMessage }),
  /** No extensions are asked for: whatever comes is dropped. */
  clientExtensionResults: z
    .custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
      error: passkeyAnswerMessage,
    })
    .optional()
    .transform(() => ({})),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What `navigator.credentials.get()` answered, as @simplewebauthn/browser encodes it. */
export const passkeyAssertion = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url,
        authenticatorData: base64url,
        signature: base64url,
        userHandle: base64url.nullish(),
      },
      { error: passkeyAnswerMessage },
    ),
  },
  { error: passkeyAnswerMessage },
);

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser encodes it. */
export const passkeyAttestation = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url,
        attestationObject: base64url,
        authenticatorData: base64url.optional(),
        publicKey: base64url.optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        transports: z.array(z.string().max(32)).max(10).optional(),
      },
      { error: passkeyAnswerMessage },
    ),
  },
  { error: passkeyAnswerMessage },
);

/**
 * The options the browser passes to WebAuthn, as @simplewebauthn/server builds them and
 * @simplewebauthn/browser takes them (their JSON forms, base64url for the binary fields).
 */
const requirement = z.enum(['discouraged', 'preferred', 'required']);
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
/** No WebAuthn extensions are asked for, so the contract carries none. */
const webauthnExtras = {
  timeout: z.number().optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
};

export const passkeyRequestOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: requirement.optional(),
  ...webauthnExtras,
});

export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: requirement.optional(),
      userVerification: requirement.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  attestationFormats: z.array(z.string()).optional(),
  ...webauthnExtras,
});

export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptions>;
