import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { members, prayerLinks } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '../../errors';
import type { LinkSigner } from '../../lib/signed-link';
import { enqueueMail } from '../../mail/mail-job';

const LINK_PURPOSE = 'prayer-names-link';
const SESSION_PURPOSE = 'prayer-names-session';
/** How long the emailed link works, and the page it opens. */
export const PRAYER_LINK_HOURS = 24;
export const PRAYER_SESSION_HOURS = 2;
const hourMs = 60 * 60 * 1000;

export const prayerLinkMessages = {
  sent: 'If this email belongs to an active member, a link to your names is on its way. It works once, for 24 hours.',
  invalid: 'This link is not valid. Ask for a new one below.',
  expired: 'This link has expired. Ask for a new one below.',
  used: 'This link was already used. Ask for a new one below.',
  signedOut: 'Your session has ended. Ask for a new link below.',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface PrayerLinkContext {
  db: Database;
  linkSigner: LinkSigner;
  publicUrl: string;
  clock: () => Date;
}

/**
 * Emails every active member with this address a single-use link to their names. Nothing tells
 * the caller whether the address is a member's.
 */
export async function sendPrayerLink(ctx: PrayerLinkContext, email: string) {
  const now = ctx.clock();
  const found = await ctx.db
    .select()
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email}`, eq(members.status, 'active')));
  for (const member of found) {
    const nonce = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + PRAYER_LINK_HOURS * hourMs);
    await ctx.db.transaction(async (tx) => {
      const [link] = await tx
        .insert(prayerLinks)
        .values({ memberId: member.id, nonceHash: sha256(nonce), expiresAt, createdAt: now })
        .returning();
      const token = ctx.linkSigner.sign(LINK_PURPOSE, `${link!.id}.${nonce}`, expiresAt);
      await enqueueMail(tx, {
        key: `prayer-link:${link!.id}`,
        to: member.email,
        template: 'prayer-names-link',
        data: {
          name: member.name,
          url: `${ctx.publicUrl}/prayer-names?token=${encodeURIComponent(token)}`,
          hours: PRAYER_LINK_HOURS,
        },
      });
    });
  }
}

/**
 * Opens a magic link: checks its signature and expiry, then marks it used (only one request
 * can), and answers a session token for the names page, valid PRAYER_SESSION_HOURS.
 */
export async function openPrayerLink(ctx: PrayerLinkContext, token: string) {
  const now = ctx.clock();
  const check = ctx.linkSigner.verify(LINK_PURPOSE, token, now);
  if (!check.ok) {
    throw new AppError(
      check.reason === 'expired' ? 'link_expired' : 'bad_request',
      check.reason === 'expired' ? prayerLinkMessages.expired : prayerLinkMessages.invalid,
    );
  }
  const [linkId, nonce] = check.subject.split('.');
  if (!linkId || !nonce) throw new AppError('bad_request', prayerLinkMessages.invalid);
  const [used] = await ctx.db
    .update(prayerLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(prayerLinks.id, linkId),
        eq(prayerLinks.nonceHash, sha256(nonce)),
        isNull(prayerLinks.usedAt),
        gt(prayerLinks.expiresAt, now),
      ),
    )
    .returning();
  if (!used) throw new AppError('link_expired', prayerLinkMessages.used);
  const expiresAt = new Date(now.getTime() + PRAYER_SESSION_HOURS * hourMs);
  return { session: ctx.linkSigner.sign(SESSION_PURPOSE, used.memberId, expiresAt) };
}

/** The active member a names-page session belongs to. */
export async function memberOfSession(ctx: PrayerLinkContext, session: string | undefined) {
  const check = session ? ctx.linkSigner.verify(SESSION_PURPOSE, session, ctx.clock()) : null;
  if (!check?.ok) throw new AppError('unauthorized', prayerLinkMessages.signedOut);
  const [member] = await ctx.db
    .select()
    .from(members)
    .where(and(eq(members.id, check.subject), eq(members.status, 'active')));
  if (!member) throw new AppError('unauthorized', prayerLinkMessages.signedOut);
  return member;
}
