import type { SiteConfig } from '~/shared/site-config-schema';
import type { DatabaseHandle } from '~/db/client';
import type { Env } from './env';
import type { JobWorker } from './jobs/job-worker';
import type { Mailer } from './mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    siteConfig: SiteConfig;
    mailer: Mailer;
    /** Drains the outbox; started by main.ts, driven by `runOnce()` in tests. */
    jobWorker: JobWorker;
    /** Where notifications for the office go. */
    officeEmail: string;
  }
}
