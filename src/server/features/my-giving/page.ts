import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  erasureRequestInput,
  givingLinkRequest,
  type MyGivingPageData,
} from '~/shared/schemas/my-giving';
import { AppError } from '../../errors';
import { assertFromThisSite } from '../../lib/link-session-cookie';
import { linkPageState } from '../../lib/link-page';
import type { PageDataContext, PageRedirect } from '../../ssr/page-data';
import {
  donorOfSession,
  givingLinkContext,
  givingLinkMessages,
  openGivingLink,
  sendGivingLink,
} from './giving-link';
import { erasureRequestedMessage, requestErasure } from './erasure-requests';
import { loadMyGiving } from './load-my-giving';
import { givingCookie } from './session-cookie';

/** The donor the session cookie names, or null (no cookie, a forged or ended session). */
export function donorOfCookie(app: FastifyInstance, request: FastifyRequest) {
  const session = givingCookie.read(request);
  if (session === undefined) return null;
  try {
    return donorOfSession(givingLinkContext(app), session);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The donor of the session, or a 401 that says to ask for a new link. */
export function requireDonor(app: FastifyInstance, request: FastifyRequest) {
  return donorOfSession(givingLinkContext(app), givingCookie.read(request));
}

/**
 * /my-giving as the server renders it: the emailed link opens it once and sets the short
 * session (lib/link-page.ts); without a session, the form that asks for a link.
 */
export async function loadMyGivingPageData(
  app: FastifyInstance,
  url: URL,
  context: PageDataContext,
): Promise<MyGivingPageData | PageRedirect> {
  const state = await linkPageState(url, context, {
    page: '/my-giving',
    cookie: givingCookie,
    open: (token) => openGivingLink(givingLinkContext(app), token),
    whoIsSignedIn: () => donorOfCookie(app, context.request),
    messages: givingLinkMessages,
  });
  if (!('signedIn' in state)) return state;
  if (!state.signedIn) return { kind: 'signed-out', problem: state.problem };
  const donor = state.who;
  return { kind: 'ready', ...(await loadMyGiving(app, donor.email, donor.sessionEndsAt)) };
}

/** The request-a-link form, posted without JavaScript (ssr/page-forms.ts). */
export function registerMyGivingPageForms(app: FastifyInstance) {
  app.pageForms.set('giving-link', {
    schema: givingLinkRequest,
    sentMessage: givingLinkMessages.sent,
    async submit({ email }: z.output<typeof givingLinkRequest>, { request }) {
      assertFromThisSite(request);
      await sendGivingLink(givingLinkContext(app), email);
      app.jobWorker.wake();
      return { query: { sent: 'giving-link' }, anchor: 'main' };
    },
  });
  app.pageForms.set('giving-erasure', {
    schema: erasureRequestInput,
    sentMessage: erasureRequestedMessage,
    async submit(_input: z.output<typeof erasureRequestInput>, { request }) {
      assertFromThisSite(request);
      const donor = requireDonor(app, request);
      await requestErasure(app.database.db, donor.email, app.clock());
      return { query: { sent: 'giving-erasure' }, anchor: 'privacy' };
    },
  });
}
