import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { donations, erasureRequests, members } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import { eraseDonor, erasureBlocker } from './donor-data';

export const erasureRequestedMessage =
  'Your request to be forgotten is with the office. Once they confirm it, your name, email, messages and names for prayer are erased; the records of your gifts that the law requires are kept without them.';

/** A donor asks to be forgotten: one open request per address (asking again changes nothing). */
export async function requestErasure(db: Database, email: string, now: Date) {
  await db.insert(erasureRequests).values({ email, requestedAt: now }).onConflictDoNothing();
}

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
export function listErasureRequests(db: Database) {
  return db
    .select({ ...getTableColumns(erasureRequests), name: donorName })
    .from(erasureRequests)
    .orderBy(erasureRequests.status, desc(erasureRequests.requestedAt))
    .limit(200);
}

/**
 * The office confirms (`erase`) or turns down a request. Erasing runs in one transaction with
 * the request's decision; a monthly gift or membership still running must be cancelled first.
 */
export async function decideErasure(
  db: Database,
  id: string,
  decision: 'erase' | 'decline',
  { adminId, now }: { adminId: string; now: Date },
) {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(erasureRequests)
      .where(and(eq(erasureRequests.id, id), eq(erasureRequests.status, 'requested')))
      .for('update');
    if (!request) {
      throw new AppError('not_found', 'This request is not open any more: reload the list.');
    }
    let email = request.email;
    if (decision === 'erase') {
      const blocker = await erasureBlocker(tx, request.email);
      if (blocker) throw new AppError('conflict', blocker);
      email = await eraseDonor(tx, request.email);
    }
    const [decided] = await tx
      .update(erasureRequests)
      .set({
        status: decision === 'erase' ? 'erased' : 'declined',
        email,
        decidedAt: now,
        decidedBy: adminId,
      })
      .where(eq(erasureRequests.id, id))
      .returning();
    return decided!;
  });
}
