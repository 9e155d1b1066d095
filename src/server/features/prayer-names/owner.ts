import { eq, type SQL } from 'drizzle-orm';
import { prayerNames } from '~/db/schema';

/**
 * Who gives a name: a member, or (where site.config.ts allows it) a donor who is no member,
 * known by the lower-cased email of their gifts.
 */
export type NameOwner =
  | { kind: 'member'; memberId: string; name: string; email: string }
  | { kind: 'donor'; email: string; name: string };

/** The names of this owner. */
export function ownedBy(owner: NameOwner): SQL {
  return owner.kind === 'member'
    ? eq(prayerNames.memberId, owner.memberId)
    : eq(prayerNames.donorEmail, owner.email);
}

/** The owner columns of a name or a link written for this owner. */
export function ownerColumns(owner: NameOwner) {
  return {
    memberId: owner.kind === 'member' ? owner.memberId : null,
    donorEmail: owner.kind === 'donor' ? owner.email : null,
  };
}

/** A stable key for the owner of a row with owner columns: 'member:<id>' or 'donor:<email>'. */
export function ownerKey(row: { memberId: string | null; donorEmail: string | null }): string {
  return row.memberId ? `member:${row.memberId}` : `donor:${row.donorEmail}`;
}

/** What a names-page session carries: the owner key. */
export const ownerSubject = ownerKey;

export function ownerFromSubject(
  subject: string,
): { memberId: string } | { donorEmail: string } | null {
  const [kind, ...rest] = subject.split(':');
  const value = rest.join(':');
  if (!value) return null;
  if (kind === 'member') return { memberId: value };
  if (kind === 'donor') return { donorEmail: value };
  return null;
}
