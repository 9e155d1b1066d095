import { and, eq } from 'drizzle-orm';
import { members, membershipApplications } from '~/db/schema';
import type { Database } from '~/db/client';
import type { ApplicationStatus } from '~/shared/domain';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { serializeApplications, type ApplicationRow } from './serialize-applications';

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
    await recordAuditBy(tx, context, {
      action: 'application-update',
      target: id,
      details: {
        ...(status !== undefined ? { status } : {}),
        ...(notes !== undefined ? { notesChanged: true } : {}),
      },
    });
    return updated;
  });
  const [view] = await serializeApplications(db, [row]);
  return view!;
}
