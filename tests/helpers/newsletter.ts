import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newsletterSubscribers } from '~/db/schema';
import type { DatabaseHandle } from '~/db/client';

type NewsletterApp = Pick<FastifyInstance, 'inject'> & { database: DatabaseHandle };

/** The subscriber row of an address (its tokens, its status). */
export async function subscriberOf(app: NewsletterApp, email: string) {
  const [row] = await app.database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row!;
}

/**
 * Follows the emailed confirmation link (a GET, as a browser or a mail scanner does): the page
 * with the button, which confirms nothing (ADR 034).
 */
export const visitConfirmLink = (
  app: NewsletterApp,
  token: string,
  method: 'GET' | 'HEAD' = 'GET',
) => app.inject({ method, url: `/newsletter/confirm?token=${encodeURIComponent(token)}` });

/**
 * Presses the confirmation page's button: posts the token to the page, from a page sent with
 * `Referrer-Policy: no-referrer` (so with `Origin: null`); answered with a redirect.
 */
export const confirmWithButton = (
  app: NewsletterApp,
  token: string,
  headers: Record<string, string> = { origin: 'null', 'sec-fetch-site': 'same-origin' },
) =>
  app.inject({
    method: 'POST',
    url: '/newsletter/confirm',
    payload: new URLSearchParams({ _form: 'newsletter-confirm', token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
