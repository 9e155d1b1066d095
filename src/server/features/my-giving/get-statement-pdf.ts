import type { FastifyInstance } from 'fastify';
import { AppError } from '~/server/errors';
import { statementPdfOf } from './giving-documents';
import { STATEMENT_PDF_PURPOSE, statementOfSubject } from './statement-link';

/**
 * A donor's statement for `year` as PDF, for whoever may read it: the signed link the January
 * mail carries names the donor and the year (no session needed); a donor signed in reads their
 * own.
 */
export async function getStatementPdf(
  app: FastifyInstance,
  year: number,
  reader: { token: string } | { email: string },
) {
  let email: string;
  if ('token' in reader) {
    const check = app.linkSigner.verify(STATEMENT_PDF_PURPOSE, reader.token, app.clock());
    const signed = check.ok ? statementOfSubject(check.subject) : null;
    if (!signed || signed.year !== String(year)) {
      throw new AppError(
        'not_found',
        'This statement link is not valid or has expired. Open My Giving to download your statements.',
      );
    }
    email = signed.email;
  } else {
    email = reader.email;
  }
  const pdf = await statementPdfOf(app, email, year);
  if (!pdf) {
    throw new AppError(
      'not_found',
      `We have no gift from you received in ${year}, so there is no statement for it.`,
    );
  }
  return { pdf, filename: `giving-statement-${year}.pdf` };
}
