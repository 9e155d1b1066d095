import { sql, type SQL } from 'drizzle-orm';
import { donations, donors } from '~/db/schema';

/**
 * The donor record an address belongs to (ADR 053): its own, or the one it was merged into (a
 * merged record's email stays as an alias). Null when the address never gave.
 */
export const donorOfEmail = (email: string): SQL<string | null> =>
  sql`(select coalesce(${donors.mergedInto}, ${donors.id}) from ${donors} where lower(${donors.email}) = ${email.toLowerCase()})`;

/** The gifts of the person an address belongs to, by every address and method they gave with. */
export const giftsOfPersonWithEmail = (email: string): SQL =>
  sql`${donations.donorId} = ${donorOfEmail(email)}`;

/**
 * Every address of the person an address belongs to, lower-cased: the address itself, and the
 * emails of each record merged into theirs or theirs into (ADR 053). What the person arranged by
 * any of them (a monthly gift, a membership) is theirs too.
 */
export const addressesOfPerson = (email: string): SQL =>
  sql`(select lower(${donors.email}) from ${donors} where ${donors.email} is not null and coalesce(${donors.mergedInto}, ${donors.id}) = ${donorOfEmail(email)} union all select ${email.toLowerCase()})`;
