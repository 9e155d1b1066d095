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
import { AppError } from '~/server/errors';
import { linkOpenForm, linkPageState, type LinkPage } from '~/server/lib/link-page';
import type { PageDataContext, PageRedirect } from '~/server/ssr/page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import {
  openPrayerLink,
  ownerOfSession,
  prayerLinkContext,
  prayerLinkIsFor,
  prayerLinkMessages,
  prayerLinkRequests,
} from './magic-link';
import { addName } from './add-name';
import { editName } from './edit-name';
import { listNames } from './list-names';
import type { NameOwner } from './owner';
import { removeName } from './remove-name';
import { renewName } from './renew-name';
import { serializeName } from './serialize-name';
import { assertFromThisSite, prayerSessionCookie, prayerSessionOf } from './session-cookie';

const PAGE = '/prayer-names';
/** Where the page scrolls to once a form about the names is done. */
const NAMES_ANCHOR = 'your-names';

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

/** The names page as a page an emailed link opens (lib/link-page.ts). */
const namesLinkPage = (app: FastifyInstance): LinkPage<NameOwner> => ({
  page: PAGE,
  cookie: prayerSessionCookie,
  open: (token) => openPrayerLink(prayerLinkContext(app), token),
  isFor: (token, owner) => prayerLinkIsFor(prayerLinkContext(app), token, owner),
  whoIsSignedIn: (request) => ownerOfCookie(app, request),
  messages: prayerLinkMessages,
});

/**
 * /prayer-names as the server renders it: the emailed link shows the button that opens it, which
 * spends it and sets the session (lib/link-page.ts, ADRs 021 and 034); without a session, the
 * signed-out page: the form that asks for a link.
 */
export async function loadPrayerNamesPageData(
  app: FastifyInstance,
  url: URL,
  context: PageDataContext,
): Promise<PrayerNamesPageData | PageRedirect> {
  const state = await linkPageState(url, context, namesLinkPage(app));
  if ('opening' in state) return { kind: 'opening', token: state.token };
  if (!('signedIn' in state)) return state;
  if (!state.signedIn) return { kind: 'signed-out', problem: state.problem };
  return { kind: 'ready', ...(await listingOf(app, state.who)) };
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
    'prayer-link-open': linkOpenForm(namesLinkPage(app)),
    'prayer-link': {
      schema: prayerLinkRequest,
      sentMessage: prayerLinkMessages.sent,
      async submit({ email }: z.output<typeof prayerLinkRequest>, { request }) {
        assertFromThisSite(request);
        await prayerLinkRequests.request(app.database.db, email);
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
