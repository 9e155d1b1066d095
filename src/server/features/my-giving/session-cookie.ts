import { linkSessionCookie } from '~/server/lib/link-session-cookie';

/** 'My giving''s session: opened by the emailed link, GIVING_SESSION_MINUTES long (ADR 021). */
export const givingCookie = linkSessionCookie('tziyun_giving');
