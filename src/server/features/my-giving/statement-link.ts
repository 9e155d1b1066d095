import type { LinkSigner } from '../../lib/signed-link';
import { statementPdfPath } from './donor-gifts';

/** The signed-link purpose of a statement's PDF, as its January mail carries it. */
export const STATEMENT_PDF_PURPOSE = 'statement-pdf';
/** Past the tax season the statement is for. */
const STATEMENT_LINK_DAYS = 400;
const dayMs = 24 * 60 * 60 * 1000;

/** The subject a statement link signs: the year and the donor's lower-cased email. */
export const statementSubject = (email: string, year: number) => `${year}|${email}`;

/** `/api/my-giving/statements/<year>/statement.pdf?token=…`: the statement without a session. */
export function statementPdfUrl(
  links: { linkSigner: LinkSigner; publicUrl: string },
  email: string,
  year: number,
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + STATEMENT_LINK_DAYS * dayMs);
  const token = links.linkSigner.sign(
    STATEMENT_PDF_PURPOSE,
    statementSubject(email, year),
    expiresAt,
  );
  return `${links.publicUrl}${statementPdfPath(year)}?token=${encodeURIComponent(token)}`;
}
