import { givingLinkMessages } from '~/server/features/my-giving/giving-link';
import { linkSessionKit } from './link-session';

const givingLinks = linkSessionKit({
  api: '/api/my-giving/link',
  template: 'giving-link',
  path: '/my-giving',
  form: 'giving-link-open',
  cookie: 'tziyun_giving',
  sent: givingLinkMessages.sent,
  // The link goes to the address as the gifts have it: lower-cased.
  recipient: (email) => email.toLowerCase(),
});

/** Asks for a 'My giving' link and reads the tokens of the links mailed to `email`. */
export const requestGivingLinks = givingLinks.requestLinks;
/** Follows the emailed link (a GET or a HEAD): the page with the button; spends nothing. */
export const visitGivingLink = givingLinks.visitLink;
/** Opens the emailed link as its page's button does (a POST), answered with a redirect. */
export const openGivingLink = givingLinks.openLink;
/** The `name=value` of the giving session cookie an opened link set. */
export const givingCookieOf = givingLinks.sessionCookieOf;
/** A 'My giving' session (its cookie, `name=value`) through the newest link mailed to `email`. */
export const givingSession = givingLinks.session;
