import { and, eq, lte } from 'drizzle-orm';
import { adminWebauthnChallenges } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

export type Ceremony = 'registration' | 'authentication';

/** A challenge is good for this long, and never longer than what it is bound to. */
export const challengeLifetimeMs = 5 * 60_000;

/**
 * Keeps the challenge a browser was just given, bound to the session or pending sign-in that
 * asked (by its token hash): one per ceremony, so asking again replaces it.
 */
export async function storeChallenge(
  db: DatabaseExecutor,
  {
    boundTo,
    ceremony,
    userId,
    challenge,
    now,
    notAfter,
  }: {
    boundTo: string;
    ceremony: Ceremony;
    userId: string;
    challenge: string;
    now: Date;
    /** The end of what it is bound to, if sooner than the challenge's own lifetime. */
    notAfter?: Date;
  },
) {
  await db.delete(adminWebauthnChallenges).where(lte(adminWebauthnChallenges.expiresAt, now));
  const own = now.getTime() + challengeLifetimeMs;
  const expiresAt = new Date(Math.min(own, notAfter?.getTime() ?? own));
  await db
    .insert(adminWebauthnChallenges)
    .values({ boundTo, ceremony, userId, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [adminWebauthnChallenges.boundTo, adminWebauthnChallenges.ceremony],
      set: { userId, challenge, expiresAt },
    });
}

/**
 * Takes the live challenge bound to this session or pending sign-in, deleting it: whatever the
 * answer's fate, a challenge is checked once. Null if there is none (never asked, used, expired).
 */
export async function takeChallenge(
  db: DatabaseExecutor,
  {
    boundTo,
    ceremony,
    userId,
    now,
  }: { boundTo: string; ceremony: Ceremony; userId: string; now: Date },
): Promise<string | null> {
  const [row] = await db
    .delete(adminWebauthnChallenges)
    .where(
      and(
        eq(adminWebauthnChallenges.boundTo, boundTo),
        eq(adminWebauthnChallenges.ceremony, ceremony),
        eq(adminWebauthnChallenges.userId, userId),
      ),
    )
    .returning({
      challenge: adminWebauthnChallenges.challenge,
      expiresAt: adminWebauthnChallenges.expiresAt,
    });
  return row && row.expiresAt > now ? row.challenge : null;
}
