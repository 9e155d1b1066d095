import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import { newsletterConfirmInput } from '~/shared/schemas/newsletter';
import { hideTokenPage } from '~/server/lib/link-page';
import { assertLinkPostedHere } from '~/server/lib/link-session-cookie';
import type { PageDataContext } from '~/server/ssr/page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import { confirmNewsletter } from './confirm-newsletter';

/** The page the emailed confirmation link opens: its button posts the token here. */
const newsletterConfirmPage = '/newsletter/confirm';

/** Where the emailed confirmation link leads (a GET of it confirms nothing). */
export const newsletterConfirmLink = (token: string) =>
  `${newsletterConfirmPage}?token=${encodeURIComponent(token)}`;

/** The unsubscribe page: its button posts to the one-click address below (routes.ts). */
export const newsletterUnsubscribeLink = (token: string) =>
  `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * The answer headers of the page opened from the link, whose address holds its token (the page
 * itself reads the token from its address; the database is not asked until the button is
 * pressed). The page is nobody's data: nothing else to load.
 */
export async function loadNewsletterConfirmPageData(
  _app: FastifyInstance,
  url: URL,
  { reply }: PageDataContext,
): Promise<null> {
  if (url.searchParams.has('token')) hideTokenPage(reply);
  return null;
}

/**
 * The confirmation page's button (with or without JavaScript: a plain form posted to the page).
 * Mail scanners and link previews fetch every link in a mail before the person reads it, so only
 * this post confirms: the double opt-in records that the person, not a machine, said yes. Then
 * on to the page that says so (303: a reload posts nothing), once; a second press says it was
 * already done; a token we do not know gets the page that says the link is not valid.
 */
export function newsletterConfirmForm(
  app: FastifyInstance,
): PageForm<z.output<typeof newsletterConfirmInput>> {
  return {
    schema: newsletterConfirmInput,
    sentMessage: 'Thank you! Weekly inspiration is on its way to your inbox.',
    async submit({ token }, { request }) {
      assertLinkPostedHere(request);
      const { confirmed, announced } = await confirmNewsletter(app.database.db, token, app.clock());
      if (announced) app.jobWorker.wake();
      const status = announced ? 'confirmed' : confirmed ? 'already-confirmed' : 'invalid';
      return { location: `/newsletter?status=${status}` };
    },
  };
}
