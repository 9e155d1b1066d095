import { givingLinkMessages } from '../../src/server/features/my-giving/giving-link';
import { linkSessionKit } from './link-session';

const givingLinks = linkSessionKit({
  api: '/api/my-giving/link',
  template: 'giving-link',
  path: '/my-giving',
  cookie: 'tziyun_giving',
  sent: givingLinkMessages.sent,
  // The link goes to the address as the gifts have it: lower-cased.
  recipient: (email) => email.toLowerCase(),
});

/** Asks for a 'My giving' link and reads the tokens of the links mailed to `email`. */
export const requestGivingLinks = givingLinks.requestLinks;
/** Opens the emailed link as a browser does: a GET of the page, answered with a redirect. */
export const openGivingLink = givingLinks.openLink;
/** The `name=value` of the giving session cookie an opened link set. */
export const givingCookieOf = givingLinks.sessionCookieOf;
/** A 'My giving' session (its cookie, `name=value`) through the newest link mailed to `email`. */
export const givingSession = givingLinks.session;
