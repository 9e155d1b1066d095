import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  erasureRequestInput,
  givingLinkRequest,
  givingWallInput,
  signOutInput,
  type MyGivingPageData,
} from '~/shared/schemas/my-giving';
import { AppError } from '~/server/errors';
import { assertFromThisSite } from '~/server/lib/link-session-cookie';
import { linkOpenForm, linkPageState, type LinkPage } from '~/server/lib/link-page';
import type { PageDataContext, PageRedirect } from '~/server/ssr/page-data';
import {
  donorOfSession,
  endGivingSession,
  givingLinkContext,
  givingLinkIsFor,
  givingLinkMessages,
  openGivingLink,
  givingLinkRequests,
} from './giving-link';
import { changeWallChoice, wallChoiceMessages } from './change-wall-choice';
import { erasureRequestedMessage, requestErasure } from './erasure-requests';
import { loadMyGiving } from './load-my-giving';
import { givingCookie } from './session-cookie';

/** The donor the session cookie names, or null (no cookie, a forged or ended session). */
export async function donorOfCookie(app: FastifyInstance, request: FastifyRequest) {
  const session = givingCookie.read(request);
  if (session === undefined) return null;
  try {
    return await donorOfSession(givingLinkContext(app), session);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The donor of the session, or a 401 that says to ask for a new link. */
export async function requireDonor(app: FastifyInstance, request: FastifyRequest) {
  return donorOfSession(givingLinkContext(app), givingCookie.read(request));
}

/** 'My giving' as a page an emailed link opens (lib/link-page.ts). */
const givingLinkPage = (
  app: FastifyInstance,
): LinkPage<Awaited<ReturnType<typeof donorOfSession>>> => ({
  page: '/my-giving',
  cookie: givingCookie,
  open: (token) => openGivingLink(givingLinkContext(app), token),
  isFor: (token, donor) => givingLinkIsFor(givingLinkContext(app), token, donor.email),
  whoIsSignedIn: (request) => donorOfCookie(app, request),
  messages: givingLinkMessages,
});

/**
 * /my-giving as the server renders it: the emailed link shows the button that opens it, which
 * spends it and sets the short session (lib/link-page.ts, ADR 034); without a session, the form
 * that asks for a link.
 */
export async function loadMyGivingPageData(
  app: FastifyInstance,
  url: URL,
  context: PageDataContext,
): Promise<MyGivingPageData | PageRedirect> {
  const state = await linkPageState(url, context, givingLinkPage(app));
  if ('opening' in state) return { kind: 'opening', token: state.token };
  if (!('signedIn' in state)) return state;
  if (!state.signedIn) return { kind: 'signed-out', problem: state.problem };
  const donor = state.who;
  return { kind: 'ready', ...(await loadMyGiving(app, donor.email, donor.sessionEndsAt)) };
}

/** The button that opens the link and the request-a-link form, posted without JavaScript (ssr/page-forms.ts). */
export function registerMyGivingPageForms(app: FastifyInstance) {
  app.pageForms.set('giving-link-open', linkOpenForm(givingLinkPage(app)));
  app.pageForms.set('giving-link', {
    schema: givingLinkRequest,
    sentMessage: givingLinkMessages.sent,
    async submit({ email }: z.output<typeof givingLinkRequest>, { request }) {
      assertFromThisSite(request);
      await givingLinkRequests.request(app.database.db, email);
      app.jobWorker.wake();
      return { query: { sent: 'giving-link' }, anchor: 'main' };
    },
  });
  app.pageForms.set('giving-erasure', {
    schema: erasureRequestInput,
    sentMessage: erasureRequestedMessage,
    async submit(_input: z.output<typeof erasureRequestInput>, { request }) {
      assertFromThisSite(request);
      const donor = await requireDonor(app, request);
      await requestErasure(app.database.db, donor.email, app.clock());
      return { query: { sent: 'giving-erasure' }, anchor: 'privacy' };
    },
  });
  app.pageForms.set('giving-wall', {
    schema: givingWallInput,
    sentMessage: wallChoiceMessages.saved,
    async submit(input: z.output<typeof givingWallInput>, { request }) {
      assertFromThisSite(request);
      const donor = await requireDonor(app, request);
      await changeWallChoice(app.database.db, donor.email, input, {
        now: app.clock(),
        ip: request.ip,
      });
      request.log.info({ gift: input.gift, wall: input.wall }, 'wall choice changed');
      return { query: { sent: 'giving-wall' }, anchor: `gift-${input.gift}` };
    },
  });
  app.pageForms.set('giving-sign-out', {
    schema: signOutInput,
    sentMessage: givingLinkMessages.signedOutNow,
    async submit(_input: unknown, { request }) {
      assertFromThisSite(request);
      const donor = await donorOfCookie(app, request);
      if (donor) await endGivingSession(givingLinkContext(app), donor);
      // The page it returns to finds no session and clears the cookie (lib/link-page.ts).
      return { query: { sent: 'giving-sign-out' }, anchor: 'main' };
    },
  });
}
