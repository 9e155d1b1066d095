import type { FastifyInstance } from 'fastify';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { donorsOfYear, sendYearStatements } from './year-end-statements';

/**
 * The office mails `year`'s statements now, or one donor's (`email`), without waiting for the
 * yearly run: those already mailed are skipped unless `again`. Answers how many mails were
 * queued, and says so in the office's words.
 */
export async function queueStatements(
  app: FastifyInstance,
  { year, email, again = false }: { year: number; email?: string; again?: boolean },
  context: AuditContext,
) {
  if (email && (await donorsOfYear(app, year, email)).length === 0) {
    throw new AppError('validation_failed', `No gift from ${email} was received in ${year}.`, {
      email: `No gift from this email was received in ${year}`,
    });
  }
  const { queued } = await sendYearStatements(app, year, { email, again });
  await recordAuditBy(app.database.db, context, {
    action: 'statements-sent',
    target: email ?? `statements ${year}`,
    details: { year, again, queued },
  });
  const what = queued === 1 ? '1 statement' : `${queued} statements`;
  return {
    queued,
    message:
      queued === 0
        ? `Every ${year} statement was already sent. Choose "send again" to mail them once more.`
        : `${what} for ${year} queued to be mailed.`,
  };
}
