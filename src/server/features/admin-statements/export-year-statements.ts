import type { FastifyInstance } from 'fastify';
import { centsToDecimal } from '~/shared/donor-labels';
import { csvRow } from '~/server/lib/csv';
import { zonedMinute } from '~/server/lib/zoned-time';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { listYearStatements } from './list-year-statements';

/**
 * `year`'s statements as CSV lines, one per donor, in the same money and time formats as the
 * donors' and members' CSVs. An export of donors' names and totals: recorded in the audit log.
 */
export async function exportYearStatements(
  app: FastifyInstance,
  year: number,
  context: AuditContext,
) {
  await recordAuditBy(app.database.db, context, {
    action: 'export',
    target: 'statements',
    details: { year },
  });
  const { donors } = await listYearStatements(app, year);
  const timeZone = app.siteConfig.timeZone;
  async function* lines() {
    yield csvRow(['Email', 'Name', 'Gifts', 'Total received', 'Statements sent', 'Last sent']);
    for (const d of donors) {
      yield csvRow([
        d.email,
        d.name,
        String(d.gifts),
        centsToDecimal(d.keptCents),
        String(d.sends),
        d.lastSentAt ? zonedMinute(new Date(d.lastSentAt), timeZone) : '',
      ]);
    }
  }
  return lines();
}
