import { desc, getTableColumns, sql } from 'drizzle-orm';
import { donations, erasureRequests, members } from '~/db/schema';
import type { Database } from '~/db/client';
import { serializeErasureRequest } from './serialize-erasure-request';

/**
 * The donor's name as their latest gift or membership gives it, for the office to see whom it
 * erases; none once decided (an erased address is a mark its anonymised gifts share).
 */
// Named with its table: drizzle writes a column bare, and inside the subqueries a bare "email"
// would be the gift's or the member's own.
const requestEmail = sql`${erasureRequests}.${sql.identifier(erasureRequests.email.name)}`;
const donorName = sql<
  string | null
>`case when ${erasureRequests.status} = 'requested' then coalesce(
  (select ${donations.donorName} from ${donations}
    where lower(${donations.email}) = ${requestEmail} and ${donations.donorName} is not null
    order by ${donations.createdAt} desc limit 1),
  (select ${members.name} from ${members}
    where lower(${members.email}) = ${requestEmail}
    order by ${members.createdAt} desc limit 1)) end`;

/** The office's list: open requests first, then the decided ones, newest first. */
export async function listErasureRequests(db: Database) {
  const rows = await db
    .select({ ...getTableColumns(erasureRequests), name: donorName })
    .from(erasureRequests)
    .orderBy(erasureRequests.status, desc(erasureRequests.requestedAt))
    .limit(200);
  return rows.map(serializeErasureRequest);
}
