import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { linkOpenInput } from '~/shared/schemas/email-link';
import { manageGiftQuery, manageLinkMessages } from '~/shared/schemas/manage-gift';
import { AppError } from '~/server/errors';
import { pageRedirect, type PageDataContext, type PageRedirect } from '~/server/ssr/page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import { assertLinkPostedHere, type LinkSessionCookie } from './link-session-cookie';
import type { LinkRefusal } from './single-use-link';

const refusals: LinkRefusal[] = ['invalid', 'expired', 'used'];

/**
 * A page an emailed single-use link opens (the names page, 'My giving', ADRs 021 and 034): how
 * its link is spent and whose session the cookie holds.
 */
export interface LinkPage<Who> {
  page: string;
  cookie: LinkSessionCookie;
  /** Spends the link (once, whoever asks first) and answers its session, or why not. */
  open: (
    token: string,
  ) => Promise<{ ok: true; session: string } | { ok: false; reason: LinkRefusal }>;
  /** Whether the link (spent or not, but genuine and unexpired) was sent to this person. */
  isFor: (token: string, who: Who) => Promise<boolean>;
  /** Who the cookie's session belongs to while it is live (and its owner still welcome). */
  whoIsSignedIn: (request: FastifyRequest) => Promise<Who | null> | Who | null;
  messages: Record<LinkRefusal, string>;
}

export type LinkPageState<Who> =
  | PageRedirect
  | { opening: true; token: string }
  | { signedIn: true; who: Who }
  | { signedIn: false; problem: string | null };

/**
 * The headers of a page whose address holds an emailed link's token (ADR 034): kept out of
 * caches, of the Referer of anything the page loads, and of search engines.
 */
export function hideTokenPage(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-robots-tag', 'noindex, nofollow');
}

/**
 * The data of a page a receipt's gift link opens (`/donate/manage`, `/donate/cancel`, ADR 038):
 * what `read` makes of the token, or why the link shows nothing (`read`'s refusal, an AppError)
 * with its 4xx status. A token in the address hides the page (above). Nothing is spent: the
 * page's button does the deed.
 */
export async function giftLinkPageData<D>(
  url: URL,
  reply: FastifyReply,
  read: (token: string) => Promise<D>,
): Promise<D | { problem: string }> {
  if (url.searchParams.has('token')) hideTokenPage(reply);
  const query = manageGiftQuery.safeParse({ token: url.searchParams.get('token') ?? '' });
  if (!query.success) {
    reply.status(400);
    return { problem: manageLinkMessages.invalid };
  }
  try {
    return await read(query.data.token);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    reply.status(error.statusCode);
    return { problem: error.message };
  }
}

/**
 * Where a page an emailed link opens stands as the server renders it. Opened from the link
 * (`?token=`), nothing is spent: mail scanners and link previews fetch every link in a mail
 * before the person clicks, so the page only offers the button that posts the token (ADR 034),
 * says nothing of anyone's, and keeps the token out of caches, Referer headers and search
 * engines; a visitor already signed in as the link's person just goes on to the page. Otherwise:
 * signed in, or signed out with why (`problem`, from `?link=`). The page is the visitor's own:
 * never cached.
 */
export async function linkPageState<Who>(
  url: URL,
  { request, reply }: PageDataContext,
  link: LinkPage<Who>,
): Promise<LinkPageState<Who>> {
  reply.header('cache-control', 'private, no-store');
  const token = url.searchParams.get('token');
  const who = await link.whoIsSignedIn(request);
  if (token !== null) {
    if (who !== null && (await link.isFor(token, who))) return pageRedirect(link.page);
    hideTokenPage(reply);
    return { opening: true, token };
  }
  if (who !== null) return { signedIn: true, who };
  if (link.cookie.read(request) !== undefined) link.cookie.clear(request, reply);
  const problem = url.searchParams.get('link') as LinkRefusal | null;
  return {
    signedIn: false,
    problem: problem && refusals.includes(problem) ? link.messages[problem] : null,
  };
}

/**
 * The button of a link's page (with or without JavaScript: a plain form posted to the page):
 * spends the token, sets the session cookie and goes on to the bare page (303, so a reload posts
 * nothing). A link that does not open goes to `?link=<why>`, which says so above the form that
 * asks for a new one; posted again from the browser it already signed in, it just goes on.
 */
export function linkOpenForm<Who>(link: LinkPage<Who>): PageForm<z.output<typeof linkOpenInput>> {
  return {
    schema: linkOpenInput,
    sentMessage: 'Your link is open.',
    async submit({ token }, { request, reply }) {
      assertLinkPostedHere(request);
      const opened = await link.open(token);
      if (opened.ok) {
        link.cookie.set(request, reply, opened.session);
        return { location: link.page };
      }
      const who = await link.whoIsSignedIn(request);
      if (who !== null && (await link.isFor(token, who))) return { location: link.page };
      return { location: `${link.page}?link=${opened.reason}` };
    },
  };
}
