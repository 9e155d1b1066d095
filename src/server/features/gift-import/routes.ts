import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GIFT_IMPORT_MAX_BYTES,
  giftImportInput,
  giftImportPreview,
  giftImportPreviewInput,
  giftImportResult,
} from '~/shared/schemas/gift-import';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { importGifts, previewImport } from './import-gifts';
import { at } from '~/server/lib/route-at';
import { giftImportApi } from '~/shared/api/gift-import';

/**
 * Room for the largest file the import takes, sent as JSON text (its quotes and line breaks
 * escaped): a larger file is refused with the plain message of `readFile`, not the body limit's.
 */
const bodyLimit = 3 * GIFT_IMPORT_MAX_BYTES;

/** The office's ledger, by the file: preview a CSV of gifts, then import it all or nothing. */
export const giftImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...at(app, giftImportApi.preview),
    bodyLimit,
    schema: { body: giftImportPreviewInput, response: { 200: giftImportPreview } },
    handler: async (request) =>
      previewImport(app.database.db, request.body, {
        now: app.clock(),
        timeZone: app.siteConfig.timeZone,
      }),
  });

  app.route({
    ...at(app, giftImportApi.import),
    bodyLimit,
    schema: { body: giftImportInput, response: { 201: giftImportResult } },
    handler: async (request, reply) => {
      const result = await importGifts(app.database.db, request.body, {
        ...auditContextOf(request, app.clock()),
        timeZone: app.siteConfig.timeZone,
        links: { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL },
      });
      return reply.code(201).send(result);
    },
  });
};
