import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { members } from '~/db/schema';
import type { DatabaseHandle } from '~/db/client';
import { prayerLinkMessages } from '~/server/features/prayer-names/magic-link';
import { linkSessionKit } from './link-session';
import { applyForMembership } from './members';

type NamesApp = Pick<FastifyInstance, 'inject'> & { database: DatabaseHandle };

/** Two Hebrew names that pass validation, for a name and a mother's name. */
export const HEBREW = 'חיים יוסף';
export const MOTHER = 'שרה רבקה';

export const aName = (overrides: Record<string, unknown> = {}) => ({
  hebrewName: HEBREW,
  relation: 'ben',
  motherHebrewName: MOTHER,
  intention: 'healing',
  ...overrides,
});

/** A /join applicant whose membership is active, as if its first payment had arrived. */
export async function activeMember(app: NamesApp, email: string, tier = 'spark') {
  const applied = await applyForMembership(app, { email, tier });
  const member = await applied.member();
  await app.database.db.update(members).set({ status: 'active' }).where(eq(members.id, member.id));
  return member;
}

const namesLinks = linkSessionKit({
  api: '/api/prayer-names/link',
  template: 'prayer-names-link',
  path: '/prayer-names',
  form: 'prayer-link-open',
  cookie: 'tziyun_prayer',
  sent: prayerLinkMessages.sent,
});
/** Asks for the magic link and reads the tokens of the links mailed to `email`. */
export const requestLinks = namesLinks.requestLinks;
/** Follows the emailed link (a GET or a HEAD): the page with the button; spends nothing. */
export const visitLink = namesLinks.visitLink;
/** Opens the emailed link as its page's button does (a POST), answered with a redirect. */
export const openLink = namesLinks.openLink;
/** The `name=value` of the session cookie an opened link set. */
export const sessionCookieOf = namesLinks.sessionCookieOf;
/** A names-page session (its cookie, `name=value`) through the newest link mailed to `email`. */
export const namesSession = namesLinks.session;

/** A call of the names API with a names-page session cookie. */
export const withSession = (
  app: NamesApp,
  session: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, payload, headers: { cookie: session } });
