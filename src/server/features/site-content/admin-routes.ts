import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  publishInput,
  saveSectionInput,
  siteContentSectionNames,
  siteContentState,
  type SiteContentSection,
} from '~/shared/schemas/site-content';
import { discardDraft } from './discard-draft';
import { loadEditorState } from './load-editor-state';
import { publishDraft } from './publish-draft';
import { restoreVersion } from './restore-version';
import { saveSection } from './save-section';
import { at } from '~/server/lib/route-at';
import { siteContentApi } from '~/shared/api/site-content';

const sectionParams = z.object({
  section: z.enum(siteContentSectionNames as [SiteContentSection], {
    error: 'There is no such section of the site.',
  }),
});
const versionParams = z.object({
  id: z.coerce.number().check(z.int('No such version.'), z.positive('No such version.')),
});

/**
 * Admin → Site Content (ADR 033): the editor's state, a section saved into the draft,
 * the draft published or discarded, an earlier version restored. Every answer is the editor's
 * new state, so the screen shows what the server holds.
 */
export const adminSiteContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const state = () => loadEditorState(db, app.siteConfig);
  const change = (request: { adminUser: { id: string; username: string } | null; ip: string }) => ({
    actor: request.adminUser!,
    ip: request.ip,
    now: app.clock(),
  });
  const response = { response: { 200: siteContentState } };

  app.route({ ...at(app, siteContentApi.draft), schema: response, handler: state });

  app.route({
    ...at(app, siteContentApi.saveSection),
    schema: { params: sectionParams, body: saveSectionInput, ...response },
    handler: async (request) => {
      const { section } = request.params;
      const { value, revision } = request.body;
      await saveSection(db, app.siteConfig, { section, value, revision, ...change(request) });
      return state();
    },
  });

  app.route({
    ...at(app, siteContentApi.publish),
    schema: { body: publishInput, ...response },
    handler: async (request) => {
      await publishDraft(db, app.siteConfig, { ...request.body, ...change(request) });
      return state();
    },
  });

  app.route({
    ...at(app, siteContentApi.discard),
    schema: { body: publishInput, ...response },
    handler: async (request) => {
      await discardDraft(db, { ...request.body, ...change(request) });
      return state();
    },
  });

  app.route({
    ...at(app, siteContentApi.restore),
    schema: { params: versionParams, ...response },
    handler: async (request) => {
      await restoreVersion(db, app.siteConfig, { id: request.params.id, ...change(request) });
      return state();
    },
  });
};
