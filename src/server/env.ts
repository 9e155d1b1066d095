import { z } from 'zod';

/**
 * The one description of the process environment. Parsed once at boot; a bad value stops
 * the process with a message naming it. Code reads settings only through the parsed object.
 */
const port = z.coerce.number().int().min(1).max(65535);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.org' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per IP on each public form endpoint. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** smtp(s)://user:pass@host:port. Without it, mail is written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of every mail, e.g. "Tziyun <office@example.org>". Defaults to the site's email. */
  MAIL_FROM: z.string().trim().optional(),
  /** Where office notifications go. Defaults to the site configuration's contact email. */
  OFFICE_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Set when the app runs behind a reverse proxy that sets X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
  /** An admin session ends after this many minutes without a request. */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10080).default(120),
  /** An admin session ends this many hours after sign-in, however active. */
  ADMIN_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/**
 * Production behind https: HSTS, upgrade-insecure-requests and the `__Host-` Secure session
 * cookie apply. A newcomer's `npm start` (production mode) on http://localhost is not that.
 */
export function servedOverHttps(env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return env.NODE_ENV === 'production' && env.PUBLIC_URL.startsWith('https://');
}
