import { signedUrl, type SignedLinks } from '~/server/lib/signed-link';
import { statementPdfPath } from './donor-gifts';

/** The signed-link purpose of a statement's PDF, as its January mail carries it. */
export const STATEMENT_PDF_PURPOSE = 'statement-pdf';
/** Past the tax season the statement is for. */
const STATEMENT_LINK_DAYS = 400;

/** The subject a statement link signs: the year and the donor's lower-cased email. */
export const statementSubject = (email: string, year: number) => `${year}|${email}`;

/** The year and email a verified statement subject names (the email whole, whatever it holds). */
export function statementOfSubject(subject: string): { year: string; email: string } | null {
  const bar = subject.indexOf('|');
  if (bar < 0) return null;
  const email = subject.slice(bar + 1);
  return email ? { year: subject.slice(0, bar), email } : null;
}

/** `/api/my-giving/statements/<year>/statement.pdf?token=…`: the statement without a session. */
export function statementPdfUrl(links: SignedLinks, email: string, year: number, now: Date) {
  return signedUrl(
    links,
    {
      purpose: STATEMENT_PDF_PURPOSE,
      subject: statementSubject(email, year),
      path: statementPdfPath(year),
      days: STATEMENT_LINK_DAYS,
    },
    now,
  );
}
