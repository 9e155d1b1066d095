import type { SiteConfig } from '~/shared/site-config-schema';
import type { DatabaseHandle } from '~/db/client';
import type { Env } from './env';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    siteConfig: SiteConfig;
  }
}
