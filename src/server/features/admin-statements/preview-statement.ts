import type { FastifyInstance } from 'fastify';
import { AppError } from '~/server/errors';
import { statementPdfOf } from '~/server/features/my-giving';

/** One donor's statement for `year` as the office previews it: the PDF the donor is mailed. */
export async function previewStatement(app: FastifyInstance, email: string, year: number) {
  const pdf = await statementPdfOf(app, email, year);
  if (!pdf) throw new AppError('not_found', `No gift from ${email} was received in ${year}.`);
  return pdf;
}
