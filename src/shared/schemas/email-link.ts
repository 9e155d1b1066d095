import * as z from 'zod/mini';
import { emailField } from './common';

/**
 * The form that asks for an emailed single-use link (names for prayer, 'My giving'). Its own
 * module, so the pages that load common.ts first do not carry it.
 */
export const emailLinkRequest = z.object({ email: emailField() });

/**
 * The button that opens an emailed single-use link: its token, posted by the page the link
 * shows (a GET of the link never spends it, ADR 034).
 */
export const linkOpenInput = z.object({
  token: z
    .string({ error: 'This link is not complete. Open it again from your email.' })
    .check(
      z.minLength(1, 'This link is not complete. Open it again from your email.'),
      z.maxLength(2000, 'This link is not valid. Ask for a new one below.'),
    ),
});
