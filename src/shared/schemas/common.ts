import * as z from 'zod/mini';

/**
 * Shared form rules use zod/mini: the same schemas validate on the server (Fastify route
 * schemas) and in the browser, where classic zod would cost the home page ~25 KB of script.
 */

import { messages } from '~/shared/messages';

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

/** A line break or another control character (a tab is fine): never in a one-line field. */
function breaksLine(value: string): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code === 0x2028 || code === 0x2029) {
      return true;
    }
  }
  return false;
}

/** The check every one-line field carries, so a name cannot open a new line in a mail. */
export function oneLine(label: string) {
  return z.refine<string | null>((value) => !value || !breaksLine(value), {
    error: `${label} must be on one line`,
  });
}

/** `boundedText` for a one-line field: a name, a title. */
export function lineText(label: string, max: number, min = 0, minMessage?: string) {
  return boundedText(label, max, min, minMessage).check(oneLine(label));
}

export function requiredText(label: string, max: number, requiredMessage = `${label} is required`) {
  return boundedText(label, max, 1, requiredMessage);
}

/**
 * A row's id in the database's uuid shape, any version (looser than `z.uuid`, which wants an RFC
 * 9562 version), refused with `message`.
 */
export function uuidText(message: string) {
  return z
    .string({ error: message })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message));
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

/** `optionalText` for a one-line field. */
export function optionalLine(label: string, max: number) {
  return optionalText(label, max).check(oneLine(label));
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
