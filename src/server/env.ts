import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The one description of the process environment. Parsed once at boot; a bad value stops
 * the process with a message naming it. Code reads settings only through the parsed object.
 */
const port = z.coerce.number().int().min(1).max(65535);

/** An optional setting: absent or empty means not set. */
function unsetWhenEmpty<T extends z.ZodType<string | undefined>>(schema: T) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

/** A 256-bit key in base64, e.g. from `openssl rand -base64 32`. */
const cardEncryptionKey = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 random bytes in base64 (openssl rand -base64 32)');

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
  /**
   * At least 32 characters (`openssl rand -base64 32`): the keys that sign email links and seal
   * second-factor secrets are derived from it (ADR 020). Without it, a secret is made once in
   * DATA_DIR/app-secret; production on PostgreSQL refuses to start without it.
   */
  APP_SECRET: unsetWhenEmpty(
    z
      .string()
      .trim()
      .min(32, 'must be at least 32 characters: make one with openssl rand -base64 32'),
  ),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.org' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per IP on each public form endpoint. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** The largest video file an administrator may upload, in MB (thumbnails: 10 MB at most). */
  MEDIA_MAX_MB: z.coerce.number().int().min(1).max(10_240).default(1024),
  /**
   * Where uploaded media live: `local` (DATA_DIR/media, one machine or a shared mount) or `s3`
   * (an S3-compatible bucket: AWS S3, Cloudflare R2, MinIO; docs/operations.md, Object storage).
   */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  /** The bucket, which must exist; the app never creates or configures it. */
  S3_BUCKET: unsetWhenEmpty(z.string().trim().min(3).max(63)),
  /** Another endpoint than AWS's: R2 (https://<account>.r2.cloudflarestorage.com), MinIO. */
  S3_ENDPOINT: unsetWhenEmpty(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.org' }),
  ),
  /** The bucket's region (R2: auto). */
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** The access key pair; without it the SDK's own chain is used (AWS_* variables, an IAM role). */
  S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string().trim()),
  S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().trim()),
  /** Path-style addresses (endpoint/bucket/key) instead of bucket.endpoint: MinIO wants it. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
  /** A folder in the bucket for the media, e.g. media/ (empty: the bucket's top). */
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^([\w.-]+\/)*$/, 'must be empty or folder names each ending in /, e.g. media/')
    .default(''),
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
  /**
   * Behind a reverse proxy: which X-Forwarded-For entries to believe. The proxy's addresses
   * (IPs or CIDR ranges, comma-separated, or proxy-addr's names `loopback`, `linklocal`,
   * `uniquelocal`), or the number of proxies in front (1 for one). Never `true`: that would
   * believe whatever a client writes in the header, and every per-visitor limit with it.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'tooWide' in parsed) {
        ctx.addIssue({
          code: 'custom',
          message: `${parsed.tooWide} would trust the X-Forwarded-For of far more than a proxy, so a client could name any address it likes and slip every per-visitor limit: give the proxy's own address or range (no wider than /8 for IPv4, as 10.0.0.0/8, or /7 for IPv6, as fc00::/7), a name such as loopback, or the number of proxies in front (e.g. 1)`,
        });
        return z.NEVER;
      }
      if (parsed === 'invalid') {
        ctx.addIssue({
          code: 'custom',
          message:
            value.trim() === 'true'
              ? "true would trust any client's X-Forwarded-For: give the proxy's address (e.g. 127.0.0.1, loopback or 10.0.0.0/8) or the number of proxies in front (e.g. 1)"
              : "give the proxy's addresses (IPs or CIDR ranges, comma-separated) or the number of proxies in front",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** An admin session ends after this many minutes without a request. */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10080).default(120),
  /** An admin session ends this many hours after sign-in, however active. */
  ADMIN_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  /** Card payments: all three keys from the Stripe dashboard; without the first two, card
   * checkout answers 503 and says so. */
  STRIPE_SECRET_KEY: unsetWhenEmpty(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
  ),
  STRIPE_PUBLISHABLE_KEY: unsetWhenEmpty(
    z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)'),
  ),
  /** The signing secret of the webhook endpoint (/api/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: unsetWhenEmpty(
    z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
  ),
  /** Another address for Stripe's API, e.g. http://127.0.0.1:12111 for a local stand-in. */
  STRIPE_API_BASE: unsetWhenEmpty(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' })
      // Guarded: the refinement runs on values the URL check already refused, '' among them.
      .refine(
        (url) => URL.canParse(url) && ['', '/'].includes(new URL(url).pathname),
        'must have no path',
      ),
  ),
  /**
   * Campaign event streams one instance holds open at most (ADR 056); beyond it a campaign page
   * polls the snapshot instead. The traffic model's crowd is 5,000 watchers.
   */
  CAMPAIGN_STREAMS_MAX: z.coerce.number().int().min(0).max(100_000).default(5_000),
  /** The largest gift accepted in one payment, in whole dollars. */
  DONATION_MAX_DOLLARS: z.coerce.number().int().min(1).max(1_000_000).default(25_000),
  /** What "cover the processing fee" adds: this percentage of the total plus the fixed part. */
  DONATION_FEE_PERCENT: z.coerce.number().min(0).max(10).default(2.9),
  DONATION_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(500).default(30),
  /** Payment setups per minute per IP (card-testing defence). */
  DONATION_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Payment setups per minute from all IPs together (card testers rotate addresses); it
   * refuses only while declines say cards are being tested (DONATION_DECLINE_ALARM). */
  DONATION_GLOBAL_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Payment setups per minute from one network (an IPv4 /24, an IPv6 /48); unset, four
   * times DONATION_RATE_LIMIT. */
  DONATION_NETWORK_RATE_LIMIT: z
    .literal('')
    .transform(() => undefined)
    .or(z.coerce.number().int().min(1).optional()),
  /** Card declines within 15 minutes that arm the ceiling for everyone (card testing). */
  DONATION_DECLINE_ALARM: z.coerce.number().int().min(1).default(10),
  /** OJC Fund charity cards (docs/payments.md, OJC Fund): the API, and the three settings OJC
   * gives; all three or none. Without them the OJC routes answer 503 and say so. */
  OJC_API_BASE: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL such as https://api.ojcfund.org:3391/api',
    })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.ojcfund.org:3391/api'),
  OJC_USERNAME: unsetWhenEmpty(z.string()),
  OJC_PASSWORD: unsetWhenEmpty(z.string()),
  OJC_ORG_ID: unsetWhenEmpty(z.string()),
  /** 32 random bytes in base64: seals the cards of monthly OJC gifts (AES-256-GCM). Without it
   * monthly OJC gifts are refused; one-time gifts work. */
  OJC_CARD_ENCRYPTION_KEY: unsetWhenEmpty(cardEncryptionKey),
  /** Earlier keys, comma-separated: they still open cards sealed before a rotation. */
  OJC_CARD_ENCRYPTION_OLD_KEYS: unsetWhenEmpty(
    z
      .string()
      .refine(
        (keys) => keys.split(',').every((key) => cardEncryptionKey.safeParse(key.trim()).success),
        'must be keys like OJC_CARD_ENCRYPTION_KEY, separated by commas',
      ),
  ),
  /** GoHighLevel (docs/features.md, Integrations): the API, a private integration token and the
   * location (sub-account) id; the token and the location together or neither. */
  GHL_API_BASE: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL such as https://services.leadconnectorhq.com',
    })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://services.leadconnectorhq.com'),
  GHL_TOKEN: unsetWhenEmpty(z.string()),
  GHL_LOCATION_ID: unsetWhenEmpty(z.string().regex(/^[\w-]{1,100}$/, 'must be a location id')),
  /** Tests only: lets the Zapier webhook URL be http:// on this machine (127.0.0.1, localhost). */
  WEBHOOK_ALLOW_LOOPBACK: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

/** Settings that are fine alone but wrong together. */
function crossSettingProblems(env: Env): string[] {
  const problems: string[] = [];
  const mode = (key: string | undefined) => key?.match(/_(test|live)_/)?.[1];
  const secret = mode(env.STRIPE_SECRET_KEY);
  const publishable = mode(env.STRIPE_PUBLISHABLE_KEY);
  if (secret && publishable && secret !== publishable) {
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: is a ${publishable} key while STRIPE_SECRET_KEY is a ${secret} key`,
    );
  }
  if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_PUBLISHABLE_KEY) {
    const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY';
    problems.push(`${missing}: is needed too when the other Stripe key is set`);
  }
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.APP_SECRET) {
    problems.push(
      'APP_SECRET: must be set in production with DATABASE_URL (openssl rand -base64 32). Every instance needs the same secret, and it must not live in the database it protects: it signs the links in emails and seals second factors',
    );
  }
  const ojc = [env.OJC_USERNAME, env.OJC_PASSWORD, env.OJC_ORG_ID];
  if (ojc.some(Boolean) && !ojc.every(Boolean)) {
    problems.push('OJC_USERNAME, OJC_PASSWORD, OJC_ORG_ID: set all three or none');
  }
  if (env.OJC_CARD_ENCRYPTION_OLD_KEYS && !env.OJC_CARD_ENCRYPTION_KEY) {
    problems.push('OJC_CARD_ENCRYPTION_OLD_KEYS: needs OJC_CARD_ENCRYPTION_KEY, the current key');
  }
  if (!env.GHL_TOKEN !== !env.GHL_LOCATION_ID) {
    problems.push('GHL_TOKEN, GHL_LOCATION_ID: set both or neither');
  }
  if (env.MEDIA_STORE === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET: is needed with MEDIA_STORE=s3');
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return problems;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const problems = crossSettingProblems(result.data);
    if (problems.length > 0) throw new EnvError(problems);
    return result.data;
  }
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

/** What "cover the processing fee" adds to a gift, card or OJC alike. */
export function donationFee(env: Pick<Env, 'DONATION_FEE_PERCENT' | 'DONATION_FEE_FIXED_CENTS'>) {
  return { percent: env.DONATION_FEE_PERCENT, fixedCents: env.DONATION_FEE_FIXED_CENTS };
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: false (no proxy), a hop count, or the
 * proxy's addresses. `true` is refused: it trusts every hop, so the client picks its own IP.
 * So is a range wider than any proxy's (0.0.0.0/0, ::/0, ::ffff:0:0/96…): it trusts everyone's
 * X-Forwarded-For the same way, and /0 would crash Fastify at start besides.
 */
export function parseTrustProxy(
  raw: string,
): false | number | string[] | 'invalid' | { tooWide: string } {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'invalid';
  }
  const entries = value.split(',').map((e) => e.trim());
  const valid = entries.every((entry) => {
    if (proxyNames.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length > 0 || !address) return false;
    const family = isIP(address);
    if (family === 0) return false;
    if (bits === undefined) return true;
    const n = Number(bits);
    return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
  });
  if (!valid) return 'invalid';
  const tooWide = entries.find(isWiderThanAProxy);
  return tooWide ? { tooWide } : entries;
}

/** IPv6's prefix for IPv4 addresses (::ffff:0:0/96), which proxy-addr matches IPv4 clients to. */
const ipv4Mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/**
 * Wider than the widest private range, 10.0.0.0/8 for IPv4 and fc00::/7 for IPv6 (IPv4 written
 * as IPv6, ::ffff:…, counts as IPv4: /104 is its /8). No proxy sits in more, and a real range of
 * proxies (a cloud's load balancers) is far narrower. Takes an entry parseTrustProxy accepted.
 */
function isWiderThanAProxy(entry: string): boolean {
  if (proxyNames.has(entry)) return false;
  const [address = '', bitsText] = entry.split('/');
  if (isIP(address) === 4) return Number(bitsText ?? 32) < 8;
  const bits = Number(bitsText ?? 128);
  if (bits < 7) return true;
  const bytes = ipv6Bytes(address);
  // Does the range overlap ::ffff:0:0/96? Then it trusts IPv4 clients, as an IPv4 range would.
  const shared = Math.min(bits, 96);
  const overlapsIpv4 = ipv4Mapped.every((byte, i) => {
    const keep = Math.max(0, Math.min(8, shared - i * 8));
    const mask = (0xff << (8 - keep)) & 0xff;
    return ((bytes[i] ?? 0) & mask) === (byte & mask);
  });
  return overlapsIpv4 && bits < 96 + 8;
}

/** The 16 bytes of an IPv6 address isIP accepted (a zone, %eth0, is dropped). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = (dotted[2] ?? '').split('.').map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const middle = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].flatMap((group) => {
    const n = parseInt(group, 16);
    return [n >> 8, n & 0xff];
  });
}
