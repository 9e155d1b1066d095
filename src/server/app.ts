import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import rawSiteConfig from '@site-config';
import { siteConfigSchema } from '~/shared/site-config-schema';
import type { DatabaseHandle } from '~/db/client';
import { servedOverHttps, type Env } from './env';
import { OneLinePerRequest } from './plugins/request-log';
import { adminAuthRoutes, adminJobRoutes, adminOwnerRoutes } from './features/admin';
import { adminDonorRoutes, donorRoutes } from './features/admin-donors';
import { adminInboxRoutes } from './features/admin-inbox';
import { adminMemberRoutes } from './features/admin-members';
import {
  adminStatementRoutes,
  scheduleYearEndStatements,
  YEAR_END_STATEMENTS_JOB_KIND,
  yearEndStatementsJobHandler,
} from './features/admin-statements';
import { offlineGiftPhotoRoutes, offlineGiftRoutes } from './features/offline-gifts';
import { giftImportRoutes } from './features/gift-import';
import { pledgeRoutes } from './features/pledges';
import {
  adminCampaignRoutes,
  campaignShareRoutes,
  loadCampaignEmbedData,
  loadCampaignPageData,
  loadCampaignScreenData,
  loadCampaignTeamListPageData,
  loadCampaignTeamPageData,
  publicCampaignRoutes,
  AMBASSADOR_MAIL_JOB_KIND,
  loadCampaignOptOutPageData,
  ambassadorMailDeps,
  ambassadorMailJobHandler,
} from './features/campaigns';
import { contactRoutes } from './features/contact';
import {
  donationRoutes,
  loadCheckoutPageData,
  loadDonatePageData,
  loadManageGiftPageData,
} from './features/donations';
import { healthRoutes } from './features/health';
import {
  ghlRoutes,
  integrationJobHandlers,
  recordGhlConfiguration,
  zapierRoutes,
} from './features/integrations';
import { membershipRoutes } from './features/membership';
import {
  givingLinkContext,
  givingLinkRequests,
  loadMyGivingPageData,
  myGivingRoutes,
  sendGivingLink,
} from './features/my-giving';
import { loadNewsletterConfirmPageData, newsletterRoutes } from './features/newsletter';
import {
  loadOjcGiftPageData,
  loadOjcPaymentPageData,
  OJC_RENEWAL_JOB_KIND,
  ojcRenewalJobHandler,
  ojcRoutes,
} from './features/ojc';
import { adminPrayerListRoutes } from './features/prayer-list';
import {
  loadPrayerNamesPageData,
  PRAYER_REMINDER_JOB_KIND,
  prayerLinkContext,
  prayerLinkRequests,
  prayerNameRoutes,
  prayerReminderJobHandler,
  sendPrayerLink,
} from './features/prayer-names';
import {
  adminSiteContentRoutes,
  createSiteContentService,
  publicSiteContentRoutes,
} from './features/site-content';
import { adminSitePhotoRoutes } from './features/site-photos';
import { adminVideoRoutes, loadVideosPageData, videoRoutes } from './features/videos';
import { createJobWorker } from './jobs/job-worker';
import type { Clock } from './lib/clock';
import { clientDistDir, publicDir, resolveDataDir } from './lib/paths';
import { loadSiteKeys } from './lib/signed-link';
import { MAIL_JOB_KIND, mailJobHandler } from '~/server/services/mail/mail-job';
import { createMailer, type Mailer } from '~/server/services/mail/mailer';
import { adminAreaGuard, registerAdminAuth } from './plugins/admin-guard';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerRateLimit } from './plugins/rate-limit';
import { essentialSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import { COMPRESS_THRESHOLD, registerPublicCache } from './public-cache';
import { registerPages } from './ssr/plugin';
import { siteRoutes } from './ssr/site-routes';
import { mediaRoutes } from './services/media';
import { setReceiptTimeZone } from './services/receipts/receipt-numbering';
import type { DeclaredRoute } from './types';
import { createPageForms } from './ssr/page-forms';

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the client build lives; tests point it elsewhere. */
  clientDir?: string;
  /** Tests capture mail instead of sending it. */
  mailer?: Mailer;
  /** Tests move the app's time (the outbox, admin sessions, sign-in throttling) instead of sleeping. */
  jobClock?: Clock;
  /** Tests try other settings of site.config.ts; validated like the file. */
  siteConfig?: unknown;
}

/** Secrets and personal data never reach the logs: these request fields are redacted. */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  // Card numbers are never logged: a line that names one by mistake shows it redacted.
  'cardNumber',
  '*.cardNumber',
  'CardNo',
  '*.CardNo',
];

/**
 * The server's logger settings. Requests are logged by path: query strings carry newsletter
 * tokens and, from a form submitted before its page hydrated, whatever a visitor typed.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    redact: logRedactPaths,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY: a hop count trusts that many proxies nearest the
 * server (the X-Forwarded-For entries they appended, read from the right), addresses trust only
 * those proxies. A client's own entries, to the left, are never believed.
 */
function trustProxyOption(setting: Env['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp({
  env,
  database,
  logger,
  clientDir = clientDistDir,
  mailer: givenMailer,
  jobClock,
  siteConfig: givenSiteConfig = rawSiteConfig,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(env.LOG_LEVEL),
    logController: new OneLinePerRequest(),
    // A client's X-Request-Id only behind a proxy (TRUST_PROXY), whose id it then is: from the
    // open internet it would let a client pick the id its requests are logged under.
    genReqId: (req) => {
      const given = env.TRUST_PROXY === false ? undefined : req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors: frameworkErrorHandler(essentialSecurityHeaders(servedOverHttps(env))),
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: any other body is refused with 415.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  const site = siteConfigSchema.parse(givenSiteConfig);
  app.decorate('siteConfig', site);
  app.decorate('pageForms', createPageForms());
  // What each route declares, read by the tests that hold every JSON route to a response schema.
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      declaredRoutes.push({ method, url: route.url, hasResponseSchema: !!route.schema?.response });
    }
  });

  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM || `"${site.product}" <${site.contact.email}>`,
      outboxDir: join(resolveDataDir(env.DATA_DIR), 'outbox'),
      logger: app.log,
    });
  const mailContext = async () => ({
    site: await app.siteContent.site(),
    publicUrl: env.PUBLIC_URL,
  });
  const jobWorker = createJobWorker({
    db: database.db,
    logger: app.log,
    clock: jobClock,
    handlers: {
      [MAIL_JOB_KIND]: mailJobHandler(mailer, mailContext),
      [AMBASSADOR_MAIL_JOB_KIND]: ambassadorMailJobHandler(
        ambassadorMailDeps(app, mailer, mailContext),
      ),
      [OJC_RENEWAL_JOB_KIND]: ojcRenewalJobHandler(app),
      [PRAYER_REMINDER_JOB_KIND]: prayerReminderJobHandler(app),
      [YEAR_END_STATEMENTS_JOB_KIND]: yearEndStatementsJobHandler(app),
      // The emailed links' lookups, off the request's path (link-request-job.ts).
      [givingLinkRequests.kind]: givingLinkRequests.handler((email) =>
        sendGivingLink(givingLinkContext(app), email),
      ),
      [prayerLinkRequests.kind]: prayerLinkRequests.handler((email) =>
        sendPrayerLink(prayerLinkContext(app), email),
      ),
      ...integrationJobHandlers(app),
    },
  });
  app.decorate('mailer', mailer);
  app.decorate('jobWorker', jobWorker);
  app.decorate('officeEmail', env.OFFICE_EMAIL ?? site.contact.email);
  app.decorate('clock', jobClock ?? (() => new Date()));
  app.decorate(
    'linkSigner',
    (await loadSiteKeys(database.db, { env, log: app.log, now: app.clock() })).linkSigner,
  );
  await recordGhlConfiguration(database.db, env);
  await setReceiptTimeZone(database.db, site.timeZone);
  // The yearly statements' next run is queued once the server listens (not in tests' inject).
  app.addHook('onListen', async () => scheduleYearEndStatements(app));
  // Before connections close: stop claiming, let running jobs finish or return them to the queue.
  app.addHook('preClose', () => jobWorker.stop());
  app.addHook('onClose', async () => mailer.close());
  // Hooks on every request take a callback: an async one costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Once shutdown starts, responses still in flight close their connection; otherwise a
  // keep-alive socket would hold the shutdown until its timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, servedOverHttps(env));
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD });
  await registerRateLimit(app);
  await registerAdminAuth(app);
  await registerPublicCache(app);
  app.decorate('siteContent', createSiteContentService(app));

  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(mediaRoutes);
  await app.register(campaignShareRoutes);
  await app.register(
    async (api) => {
      await api.register(contactRoutes);
      await api.register(newsletterRoutes);
      await api.register(membershipRoutes);
      await api.register(prayerNameRoutes);
      await api.register(myGivingRoutes);
      await api.register(donationRoutes);
      await api.register(ojcRoutes, { prefix: '/ojc' });
      await api.register(donorRoutes);
      await api.register(videoRoutes);
      await api.register(publicSiteContentRoutes);
      await api.register(publicCampaignRoutes);
      await api.register(ghlRoutes, { prefix: '/ghl' });
      await api.register(zapierRoutes, { prefix: '/zapier' });
      // Every /api/admin route lives in this one context, behind its guard: register new admin
      // routes here. Admin routes elsewhere (/api/donors …) use requireAdmin / requireOwner.
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', adminAreaGuard);
          await admin.register(adminAuthRoutes);
          await admin.register(adminJobRoutes);
          await admin.register(adminOwnerRoutes);
          await admin.register(adminInboxRoutes);
          await admin.register(adminDonorRoutes);
          await admin.register(adminMemberRoutes);
          await admin.register(adminStatementRoutes);
          await admin.register(adminPrayerListRoutes);
          await admin.register(adminVideoRoutes);
          await admin.register(adminSiteContentRoutes);
          await admin.register(adminSitePhotoRoutes);
          await admin.register(offlineGiftRoutes);
          await admin.register(offlineGiftPhotoRoutes);
          await admin.register(giftImportRoutes);
          await admin.register(pledgeRoutes);
          await admin.register(adminCampaignRoutes);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  await registerStaticFiles(app, clientDir, publicDir);
  // Data a public page is rendered with, by route path.
  await registerPages(app, clientDir, {
    '/videos': loadVideosPageData,
    '/donate': loadDonatePageData,
    '/checkout': loadCheckoutPageData,
    '/checkout/ojc': loadOjcPaymentPageData,
    '/donate/manage': loadManageGiftPageData,
    '/donate/cancel': loadOjcGiftPageData,
    '/donate/opt-out': loadCampaignOptOutPageData,
    '/prayer-names': loadPrayerNamesPageData,
    '/my-giving': loadMyGivingPageData,
    '/campaign': loadCampaignPageData,
    '/campaign/:slug/screen': loadCampaignScreenData,
    '/campaign/:slug/embed': loadCampaignEmbedData,
    '/campaign/:slug/team/:team': loadCampaignTeamPageData,
    '/campaign/:slug/team/:team/list': loadCampaignTeamListPageData,
    '/newsletter/confirm': loadNewsletterConfirmPageData,
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
