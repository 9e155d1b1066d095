import { pageRedirect, type PageDataContext, type PageRedirect } from '../ssr/page-data';
import type { LinkSessionCookie } from './link-session-cookie';
import type { LinkRefusal } from './single-use-link';

const refusals: LinkRefusal[] = ['invalid', 'expired', 'used'];

/**
 * Where a page an emailed single-use link opens stands (the names page, 'My giving', ADR 021).
 * Opened from the link (`?token=`, a GET only: a HEAD never spends it), the token is spent once,
 * the session set in the cookie, and the visitor sent on to the bare address (303), so the token
 * leaves the address bar and the history; a link that does not open sends them to `?link=<why>`
 * (or, opened again in the browser it already opened in, just to the page). Otherwise: signed in,
 * or signed out with why (`problem`, from `?link=`). The page is the visitor's own: never cached.
 */
export async function linkPageState<Who>(
  url: URL,
  { request, reply }: PageDataContext,
  {
    page,
    cookie,
    open,
    whoIsSignedIn,
    messages,
  }: {
    page: string;
    cookie: LinkSessionCookie;
    open: (
      token: string,
    ) => Promise<{ ok: true; session: string } | { ok: false; reason: LinkRefusal }>;
    /** Who the cookie's session belongs to while it is live (and its owner still welcome). */
    whoIsSignedIn: () => Promise<Who | null> | Who | null;
    messages: Record<LinkRefusal, string>;
  },
): Promise<
  PageRedirect | { signedIn: true; who: Who } | { signedIn: false; problem: string | null }
> {
  reply.header('cache-control', 'private, no-store');
  const token = url.searchParams.get('token');
  if (token !== null && request.method === 'GET') {
    const opened = await open(token);
    if (opened.ok) {
      cookie.set(request, reply, opened.session);
      return pageRedirect(page);
    }
    if ((await whoIsSignedIn()) !== null) return pageRedirect(page);
    return pageRedirect(`${page}?link=${opened.reason}`);
  }
  const who = await whoIsSignedIn();
  if (who !== null) return { signedIn: true, who };
  if (cookie.read(request) !== undefined) cookie.clear(request, reply);
  const link = url.searchParams.get('link') as LinkRefusal | null;
  return { signedIn: false, problem: link && refusals.includes(link) ? messages[link] : null };
}
