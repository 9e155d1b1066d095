import type { SiteConfig } from '~/shared/site-config-schema';
import type { DatabaseHandle } from '~/db/client';
import type { Env } from './env';
import type { AdminAuthSettings } from './auth/settings';
import type { AdminIdentity } from './auth/sessions';
import type { JobWorker } from './jobs/job-worker';
import type { Clock } from './lib/clock';
import type { Mailer } from '~/server/services/mail/mailer';
import type { LinkSigner } from './lib/signed-link';
import type { PageForms } from './ssr/page-forms';
import type { Notifications, PublicCache } from './public-cache';
import type { HitCounter } from './plugins/rate-limit-store';

export interface DeclaredRoute {
  method: string;
  url: string;
  hasResponseSchema: boolean;
}

/**
 * The site as visitors see it: the configuration with what the office published laid over it
 * (ADR 033), read once per public content version (src/server/features/site-content).
 */
export interface SiteContentService {
  /** The site as published now. */
  site(): Promise<SiteConfig>;
  /** The site with the office's draft laid over it (the preview); as published when none. */
  draftSite(): Promise<SiteConfig>;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    siteConfig: SiteConfig;
    /** The public forms that post without JavaScript, by name (ssr/page-forms.ts). */
    pageForms: PageForms;
    /** Every route as registered: its method, path and whether it declares its answers. */
    declaredRoutes: readonly DeclaredRoute[];
    mailer: Mailer;
    /** Drains the outbox; started by main.ts, driven by `runOnce()` in tests. */
    jobWorker: JobWorker;
    /** Where notifications for the office go. */
    officeEmail: string;
    /** The app's time for sessions and sign-in throttling: tests move it instead of sleeping. */
    clock: Clock;
    /** Session lifetimes, cookie name and flags, the allowed origin. */
    adminAuth: AdminAuthSettings;
    /** Signs and checks the expiring links emails carry (src/server/lib/signed-link.ts). */
    linkSigner: LinkSigner;
    /** Public pages and reads kept in memory per content version (src/server/public-cache). */
    publicCache: PublicCache;
    /** The instance's one LISTEN connection (PostgreSQL) or PGlite's own notifications. */
    notifications: Notifications;
    /** The site as visitors see it: configuration and published content (features/site-content). */
    siteContent: SiteContentService;
    /** Counts rate-limited requests in the database (ADR 015). */
    hitCounter: HitCounter;
  }
  interface FastifyRequest {
    /** The signed-in administrator, once an admin guard has run; null otherwise. */
    adminUser: AdminIdentity | null;
    /** The session behind `adminUser` (its hash and CSRF token): for sign-out and the guard. */
    adminSession: { tokenHash: string; csrfToken: string } | null;
  }
  interface FastifyContextConfig {
    /** Only the sign-in route: reachable without a session inside /api/admin. */
    adminPublic?: boolean;
  }
}
