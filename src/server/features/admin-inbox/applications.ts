import { and, desc, eq, inArray } from 'drizzle-orm';
import { members, membershipApplications } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { ApplicationStatus } from '~/shared/domain';
import { AppError } from '~/server/errors';
import { pageOf, type Page } from '~/server/lib/page-of';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';

type ApplicationRow = typeof membershipApplications.$inferSelect;

/** Applications as the admin API shows them, each with the status of the member it became. */
async function serializeApplications(db: DatabaseExecutor, rows: ApplicationRow[]) {
  const ids = rows.map((r) => r.id);
  const linked =
    ids.length === 0
      ? []
      : await db
          .select({ applicationId: members.applicationId, status: members.status })
          .from(members)
          .where(inArray(members.applicationId, ids));
  const statusOf = new Map(linked.map((m) => [m.applicationId, m.status]));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    memberStatus: statusOf.get(row.id) ?? null,
  }));
}

/** One page of membership applications, newest first, optionally of one status. */
export async function listApplications(
  db: DatabaseExecutor,
  status: ApplicationStatus | undefined,
  page: Page,
) {
  const where = status ? eq(membershipApplications.status, status) : undefined;
  const { rows, total } = await pageOf(
    db,
    db
      .select()
      .from(membershipApplications)
      .where(where)
      .orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id))
      .$dynamic(),
    { from: membershipApplications, where },
    page,
  );
  return { applications: await serializeApplications(db, rows), total };
}

export interface ApplicationChanges {
  status?: ApplicationStatus | undefined;
  /** Blank clears the notes. */
  notes?: string | undefined;
}

/**
 * Changes an application's status or the office's notes, audited in the same transaction. The
 * audit says what changed, never the notes' or the intentions' text: those are private.
 */
export async function updateApplication(
  db: Database,
  id: string,
  { status, notes }: ApplicationChanges,
  context: AuditContext,
) {
  const changes: Partial<Pick<ApplicationRow, 'status' | 'notes'>> = {};
  if (status !== undefined) changes.status = status;
  if (notes !== undefined) changes.notes = notes.trim() === '' ? null : notes;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(membershipApplications)
      .set(changes)
      .where(eq(membershipApplications.id, id))
      .returning();
    if (!updated) throw new AppError('not_found', 'No such application');
    // Declined: the membership it made, if never paid, ends, so nothing is left to pay for
    // and it holds no erasure of the address back.
    if (status === 'declined') {
      await tx
        .update(members)
        .set({ status: 'cancelled', cancelledAt: context.now, nextRenewalAt: null })
        .where(and(eq(members.applicationId, id), eq(members.status, 'pending')));
    }
    await recordAudit(tx, {
      actor: context.actor,
      action: 'application-update',
      target: id,
      details: {
        ...(status !== undefined ? { status } : {}),
        ...(notes !== undefined ? { notesChanged: true } : {}),
      },
      ip: context.ip,
      at: context.now,
    });
    return updated;
  });
  const [view] = await serializeApplications(db, [row]);
  return view!;
}
