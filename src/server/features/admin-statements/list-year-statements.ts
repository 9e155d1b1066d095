import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { statementSends } from '~/db/schema';
import type { statementListing } from '~/shared/schemas/admin-statements';
import { donorsOfYear, statementsSendAt } from './year-end-statements';

/**
 * The office's view of `year`'s statements: each donor of the year with what their statement
 * says, how many times it was mailed and when last, the year's total, and when the yearly run
 * mails them.
 */
export async function listYearStatements(
  app: FastifyInstance,
  year: number,
): Promise<z.output<typeof statementListing>> {
  const donors = await donorsOfYear(app, year);
  const sends = await app.database.db
    .select()
    .from(statementSends)
    .where(eq(statementSends.year, year));
  const sent = new Map(sends.map((s) => [s.email, s]));
  return {
    year,
    sendsAt: statementsSendAt(app, year).toISOString(),
    totalCents: donors.reduce((sum, d) => sum + d.keptCents, 0),
    donors: donors.map((d) => ({
      ...d,
      sends: sent.get(d.email)?.sends ?? 0,
      lastSentAt: sent.get(d.email)?.lastSentAt.toISOString() ?? null,
    })),
  };
}
