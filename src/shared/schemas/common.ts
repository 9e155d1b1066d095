import * as z from 'zod/mini';

/**
 * Shared form rules use zod/mini: the same schemas validate on the server (Fastify route
 * schemas) and in the browser, where classic zod would cost the home page ~25 KB of script.
 */

import { messages } from '../messages';

export { messages };

/** A trimmed text with a maximum length, whose messages name the field. */
export function boundedText(
  label: string,
  max: number,
  min = 0,
  minMessage = `${label} is required`,
) {
  return z
    .string({ error: `${label} must be text` })
    .check(
      z.trim(),
      ...(min > 0 ? [z.minLength(min, minMessage)] : []),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );
}

export function requiredText(label: string, max: number, requiredMessage = `${label} is required`) {
  return boundedText(label, max, 1, requiredMessage);
}

/** Trimmed, lower-cased email of at most 254 characters (RFC 5321's path limit). */
export function emailField(requiredMessage: string = messages.invalidEmail) {
  return z.pipe(
    z
      .string({ error: requiredMessage })
      .check(
        z.trim(),
        z.minLength(1, requiredMessage),
        z.maxLength(254, 'Email must be at most 254 characters'),
      ),
    z.email(messages.invalidEmail).check(z.toLowerCase()),
  );
}

/** An optional text: absent, null or blank become null. */
export function optionalText(label: string, max: number) {
  return z.pipe(
    z.optional(z.nullable(boundedText(label, max))),
    z.transform((value) => (value ? value : null)),
  );
}

/** An optional phone number: absent, null or blank become null. */
export function optionalPhone() {
  return optionalText('Phone', 40).check(
    z.refine(
      (phone) => phone === null || /^[0-9+().\-\s]{7,40}$/.test(phone),
      'Please enter a valid phone number',
    ),
  );
}

/**
 * The honeypot: a field people never see or fill. Bots that fill it are answered as if
 * their message was accepted and nothing is stored.
 */
export const honeypot = { website: z.optional(z.string().check(z.maxLength(1000))) };

export const messageResponse = z.object({ message: z.string() });

/** A 204's contract: no body. */
export const noContent = z.undefined();
