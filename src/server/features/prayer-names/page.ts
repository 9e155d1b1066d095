import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { PageFormName } from '~/shared/page-forms';
import {
  prayerLinkRequest,
  prayerNameEditInput,
  prayerNameIdInput,
  prayerNameInput,
  type PrayerNamesPageData,
} from '~/shared/schemas/prayer-names';
import { AppError } from '../../errors';
import { pageRedirect, type PageDataContext } from '../../ssr/page-data';
import type { PageForm } from '../../ssr/page-forms';
import {
  openPrayerLink,
  ownerOfSession,
  prayerLinkContext,
  prayerLinkMessages,
  sendPrayerLink,
  type PrayerLinkRefusal,
} from './magic-link';
import { addName, editName, listNames, removeName, renewName, serializeName } from './names';
import type { NameOwner } from './owner';
import {
  assertFromThisSite,
  clearPrayerSessionCookie,
  prayerSessionOf,
  setPrayerSessionCookie,
} from './session-cookie';

const PAGE = '/prayer-names';
/** Where the page scrolls to once a form about the names is done. */
const NAMES_ANCHOR = 'your-names';
const refusals: PrayerLinkRefusal[] = ['invalid', 'expired', 'used'];

/** The giver the session cookie names, if they may still give names. */
async function ownerOfCookie(app: FastifyInstance, request: FastifyRequest) {
  const session = prayerSessionOf(request);
  if (session === undefined) return null;
  try {
    return await ownerOfSession(prayerLinkContext(app), session);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * /prayer-names as the server renders it. Opened from the emailed link (`?token=`, a GET: a
 * HEAD never spends it), the token is spent once and the session set in a cookie, then the
 * visitor is sent on to the bare address (303), so the token leaves the address bar and the
 * history; a link that does not open sends them to `?link=<why>`, which says so. Without a
 * session, the signed-out page: the form that asks for a link.
 */
export async function loadPrayerNamesPageData(
  app: FastifyInstance,
  url: URL,
  { request, reply }: PageDataContext,
): Promise<PrayerNamesPageData | ReturnType<typeof pageRedirect>> {
  // The names are the giver's own: no cache keeps this page.
  reply.header('cache-control', 'private, no-store');
  const token = url.searchParams.get('token');
  if (token !== null && request.method === 'GET') {
    const opened = await openPrayerLink(prayerLinkContext(app), token);
    if (opened.ok) {
      setPrayerSessionCookie(request, reply, opened.session);
      return pageRedirect(PAGE);
    }
    // Opened again in the browser it already opened in: the names are still there.
    if (await ownerOfCookie(app, request)) return pageRedirect(PAGE);
    return pageRedirect(`${PAGE}?link=${opened.reason}`);
  }
  const owner = await ownerOfCookie(app, request);
  if (!owner) {
    if (prayerSessionOf(request) !== undefined) clearPrayerSessionCookie(request, reply);
    const link = url.searchParams.get('link') as PrayerLinkRefusal | null;
    const problem = link && refusals.includes(link) ? prayerLinkMessages[link] : null;
    return { kind: 'signed-out', problem };
  }
  return { kind: 'ready', ...(await listingOf(app, owner)) };
}

/** The giver and their names, as the page and `GET /api/prayer-names` show them. */
export async function listingOf(app: FastifyInstance, owner: NameOwner) {
  const rules = app.siteConfig.prayerNames;
  const rows = await listNames(app.database.db, owner);
  const now = app.clock();
  return {
    member: { name: owner.name, kind: owner.kind },
    lapseWeeks: rules.lapseWeeks,
    names: rows.map((row) => serializeName(row, rules, now)),
  };
}

/**
 * The names page's forms, posted without JavaScript (ssr/page-forms.ts): the same operations
 * as the API, on the session cookie. Every one must come from this site's own page; a missing
 * or ended session answers the signed-out page, which says so.
 */
export function registerPrayerNamePageForms(app: FastifyInstance) {
  const { db } = app.database;
  const rules = app.siteConfig.prayerNames;
  const done = (name: PageFormName, anchor = NAMES_ANCHOR) => ({
    query: { sent: name },
    anchor,
  });
  const ownerFor = (request: FastifyRequest) => {
    assertFromThisSite(request);
    return ownerOfSession(prayerLinkContext(app), prayerSessionOf(request));
  };
  const forms: [PageFormName, PageForm][] = Object.entries({
    'prayer-link': {
      schema: prayerLinkRequest,
      sentMessage: prayerLinkMessages.sent,
      async submit({ email }: z.output<typeof prayerLinkRequest>, { request }) {
        assertFromThisSite(request);
        await sendPrayerLink(prayerLinkContext(app), email);
        app.jobWorker.wake();
        return done('prayer-link', 'main');
      },
    },
    'prayer-name': {
      schema: prayerNameInput,
      sentMessage: 'The name is on your list.',
      async submit(input: z.output<typeof prayerNameInput>, { request }) {
        await addName(db, await ownerFor(request), input, rules, app.clock());
        return done('prayer-name');
      },
    },
    'prayer-name-edit': {
      schema: prayerNameEditInput,
      sentMessage: 'Your changes to the name are saved.',
      async submit({ id, ...input }: z.output<typeof prayerNameEditInput>, { request }) {
        await editName(db, await ownerFor(request), id, input, app.clock());
        return done('prayer-name-edit');
      },
    },
    'prayer-name-renew': {
      schema: prayerNameIdInput,
      sentMessage: `The name is renewed: it stays on the weekly list for the next ${rules.lapseWeeks} weeks.`,
      async submit({ id }: z.output<typeof prayerNameIdInput>, { request }) {
        await renewName(db, await ownerFor(request), id, rules, app.clock());
        return done('prayer-name-renew');
      },
    },
    'prayer-name-remove': {
      schema: prayerNameIdInput,
      sentMessage: 'The name is off your list.',
      async submit({ id }: z.output<typeof prayerNameIdInput>, { request }) {
        await removeName(db, await ownerFor(request), id);
        return done('prayer-name-remove');
      },
    },
  } satisfies Partial<Record<PageFormName, PageForm>>) as [PageFormName, PageForm][];
  for (const [name, form] of forms) app.pageForms.set(name, form);
}
