import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs, members } from '~/db/schema';
import { errorStatus } from '~/server/errors';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { createAdmin, signIn } from '~tests/helpers/admin';
import { enableTotp, pendingSignInCookie } from '~tests/helpers/second-factor';
import { applyForMembership } from '~tests/helpers/members';
import { givingSession } from '~tests/helpers/my-giving';
import { createOjcPayment, ojcTestEnv } from '~tests/helpers/ojc';
import { startOjcStandIn, type OjcStandIn } from '~tests/helpers/ojc-stand-in';
import { publicApiRoutes, publicApiRoutesOf, type Route } from '~tests/helpers/route-table';
import { stripeTestEnv } from '~tests/helpers/stripe';
import { startStripeStandIn, type StripeStandIn } from '~tests/helpers/stripe-stand-in';

/**
 * Property-based fuzzing of every public API route (tests/helpers/route-table.ts lists them; the
 * route-table test keeps the list complete): random and hostile bodies, headers, query strings
 * and path parameters, huge and deeply nested JSON, wrong content types, sent through
 * `app.inject()`. Whatever arrives, the answer is never a 5xx, never shows a stack trace or a
 * file path, and every 4xx is the API's JSON error `{error: {code, message, fields?}}`.
 *
 * FUZZ_RUNS sets the cases per route: 100 by default, 50 on PostgreSQL (`npm run test:pg`
 * runs the same suite again; the routes' code is the same, only the database differs). Each run
 * draws a new seed, so the cases add up across runs (at 400 this file alone took two minutes of
 * every CI run); a deeper search for a change that needs it:
 * `FUZZ_RUNS=5000 npx vitest run tests/security/api-fuzz.test.ts`.
 * FUZZ_SEED replays a failure that fast-check reported.
 */
const runs = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 50 : 100));
const fuzzSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let app: TestApp;
let stripe: StripeStandIn;
let ojc: OjcStandIn;

/** Real ids and tokens, so part of the cases get past the lookups into the code behind them. */
interface Fixtures {
  videoId: string;
  ojcPaymentId: string;
  prayerSession: string;
  prayerNameId: string;
  /** Another name, for the DELETE route to remove (the others keep theirs). */
  deletableNameId: string;
  /** A 'My giving' session (Cookie header) of the member above, through its emailed link. */
  givingSession: string;
  /** Pending sign-ins (Cookie headers): waiting for a second factor, and for enrolling one. */
  secondFactorCookie: string;
  enrolmentCookie: string;
}
let fx: Fixtures;

const unlimited = '1000000';

beforeAll(async () => {
  stripe = await startStripeStandIn();
  ojc = await startOjcStandIn();
  app = await buildTestApp({
    ...stripeTestEnv(stripe),
    ...ojcTestEnv(ojc),
    // The limits would answer 429 before the code under test runs.
    FORM_RATE_LIMIT: unlimited,
    DONATION_RATE_LIMIT: unlimited,
    DONATION_GLOBAL_RATE_LIMIT: unlimited,
  });
  const admin = await signIn(app);
  const video = await app.inject({
    method: 'POST',
    url: '/api/admin/videos',
    headers: admin.headers,
    payload: {
      title: 'Fuzzed teaching',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      isPublished: true,
    },
  });
  expect(video.statusCode, video.body).toBe(201);
  const prayerSession = await prayerSessionFor('fuzz-member@example.org');
  const addName = async () => {
    const name = await app.inject({
      method: 'POST',
      url: '/api/prayer-names',
      headers: { cookie: prayerSession },
      payload: prayerNameSeed,
    });
    return name.statusCode === 200 ? (name.json().id as string) : randomUUID();
  };
  fx = {
    videoId: video.json().id,
    ojcPaymentId: await createOjcPayment(app),
    prayerSession,
    prayerNameId: await addName(),
    deletableNameId: await addName(),
    givingSession: await givingSession(app, 'fuzz-member@example.org'),
    ...(await pendingSignIns()),
  };
}, 60_000);

/** An account with an authenticator app, part way through signing in; and one enrolling. */
async function pendingSignIns() {
  const admin = await createAdmin(app);
  await enableTotp(app, admin.id);
  const enrolling = await createAdmin(app);
  return {
    secondFactorCookie: await pendingSignInCookie(app, admin.id, 'second-factor'),
    enrolmentCookie: await pendingSignInCookie(app, enrolling.id, 'enrolment'),
  };
}

afterAll(async () => {
  await app?.close();
  await stripe?.close();
  await ojc?.close();
});

/**
 * An active member's names-page session cookie, through the magic link as a member opens it.
 * Best effort: should the flow fail, the cases use a made-up session (and stop at its check).
 */
async function prayerSessionFor(email: string) {
  const applied = await applyForMembership(app, { email });
  const member = await applied.member();
  await app.database.db.update(members).set({ status: 'active' }).where(eq(members.id, member.id));
  await app.inject({ method: 'POST', url: '/api/prayer-names/link', payload: { email } });
  const queued = await app.database.db.select().from(jobs);
  const url = queued
    .map((j) => j.payload as { template: string; to: string; data: { url?: string } })
    .find((p) => p.template === 'prayer-names-link' && p.to === email)?.data.url;
  const token = url ? new URL(url).searchParams.get('token')! : 'none';
  // The link's page only shows its button (ADR 034): the button posts the token.
  const opened = await app.inject({
    method: 'POST',
    url: '/prayer-names',
    payload: new URLSearchParams({ _form: 'prayer-link-open', token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const cookie = [opened.headers['set-cookie'] ?? []].flat().map(String)[0];
  return cookie?.split(';')[0] ?? 'tziyun_prayer=no-session';
}

const prayerNameSeed = {
  hebrewName: 'חיים יוסף',
  relation: 'ben',
  motherHebrewName: 'שרה רבקה',
  englishName: 'Chaim Yosef',
  intention: 'refuah',
  note: null,
};

// --- What a valid request looks like, per route: the cases start from here and break it ---

interface Seed {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

function seeds(f: Fixtures): Record<string, Seed> {
  const donor = { name: 'Sarah Cohen', email: 'sarah@example.org' };
  const setup = { amount: 36, ...donor, dedication: { kind: 'honor', name: 'Rivka' } };
  const prayer = { headers: { cookie: f.prayerSession } };
  const nameId = { id: f.prayerNameId };
  const token = { token: 'v1.abc.def' };
  const giving = { headers: { cookie: f.givingSession } };
  return {
    'POST /api/admin/login': { body: { username: 'office', password: 'a long enough password' } },
    'POST /api/admin/login/second-factor': {
      body: { method: 'totp', code: '123456' },
      headers: { cookie: f.secondFactorCookie, origin: 'https://tziyun.test' },
    },
    'POST /api/admin/login/passkey-options': {
      headers: { cookie: f.secondFactorCookie, origin: 'https://tziyun.test' },
    },
    'POST /api/admin/login/enrolment': {
      body: { method: 'totp', code: '123456' },
      headers: { cookie: f.enrolmentCookie, origin: 'https://tziyun.test' },
    },
    'POST /api/admin/login/enrolment/totp': {
      headers: { cookie: f.enrolmentCookie, origin: 'https://tziyun.test' },
    },
    'POST /api/admin/login/enrolment/passkey-options': {
      headers: { cookie: f.enrolmentCookie, origin: 'https://tziyun.test' },
    },
    'POST /api/contact': { body: { ...donor, message: 'A message of some length.' } },
    'POST /api/newsletter': { body: { email: donor.email } },
    'GET /api/newsletter/confirm': { query: token },
    'GET /api/newsletter/unsubscribe': { query: token },
    'POST /api/newsletter/unsubscribe': { query: token },
    'POST /api/membership-applications': {
      body: {
        firstName: 'Rivka',
        lastName: 'Katz',
        email: donor.email,
        phone: '845-555-0100',
        membershipTier: 'spark',
        prayerIntentions: 'Health',
        message: 'Hello',
      },
    },
    'GET /api/prayer-names': prayer,
    'POST /api/prayer-names': { ...prayer, body: prayerNameSeed },
    'POST /api/prayer-names/link': { body: { email: 'fuzz-member@example.org' } },
    'PUT /api/prayer-names/:id': { ...prayer, params: nameId, body: prayerNameSeed },
    'DELETE /api/prayer-names/:id': { ...prayer, params: { id: f.deletableNameId } },
    'POST /api/prayer-names/:id/renew': { ...prayer, params: nameId },
    'GET /api/my-giving': giving,
    'POST /api/my-giving/link': { body: { email: 'fuzz-member@example.org' } },
    'GET /api/my-giving/export.json': giving,
    'POST /api/my-giving/erasure': { ...giving, body: { confirm: 'yes' } },
    'POST /api/my-giving/wall': { ...giving, body: { gift: randomUUID(), wall: 'initials' } },
    // Without the session: signing it out would end it for the routes fuzzed after.
    'POST /api/my-giving/sign-out': {},
    'GET /api/my-giving/receipts/:id/receipt.pdf': { ...giving, params: { id: randomUUID() } },
    'GET /api/my-giving/statements/:year/statement.pdf': { ...giving, params: { year: '2026' } },
    'POST /api/create-payment-intent': { body: setup },
    'POST /api/create-subscription': { body: { ...setup, coverFee: true } },
    'POST /api/record-donation': {
      body: { stripePaymentId: 'pi_123abc', ...donor, amount: 36, donationType: 'onetime' },
    },
    'GET /api/stripe-config': {},
    'POST /api/stripe/webhook': {
      body: { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: {} },
      headers: { 'stripe-signature': 't=1,v1=00' },
    },
    'GET /api/stripe/manage': { query: token },
    'POST /api/stripe/portal-session': { body: token },
    'POST /api/ojc/create-payment': {
      body: {
        amount: 36,
        donationType: 'onetime',
        donorName: donor.name,
        donorEmail: donor.email,
        donorPhone: '845-555-0100',
      },
    },
    'GET /api/ojc/payments/:paymentId': { params: { paymentId: f.ojcPaymentId } },
    'POST /api/ojc/payments/:paymentId/charge': {
      params: { paymentId: f.ojcPaymentId },
      body: { cardNumber: '9000 1234 5678 4242', expiry: '12/39' },
    },
    'GET /api/ojc/subscriptions/manage': { query: token },
    'POST /api/ojc/subscriptions/cancel': { body: token },
    'GET /api/videos': { query: { limit: '10', offset: '0' } },
    'GET /api/site-content': {},
    'GET /api/campaigns/:slug': { params: { slug: 'chai-day' } },
    'GET /api/campaigns/:slug/events': { params: { slug: 'chai-day' } },
    'GET /api/campaigns/:slug/teams/:team': { params: { slug: 'chai-day', team: 'katz-family' } },
    'POST /api/campaigns/:slug/teams': {
      params: { slug: 'chai-day' },
      body: { name: 'Reuven Katz', email: 'reuven@example.org', team: 'Katz family', goal: 1800 },
    },
    'GET /api/videos/:id/comments': { params: { id: f.videoId }, query: { limit: '5' } },
    'POST /api/videos/:id/comments': {
      params: { id: f.videoId },
      body: { authorName: 'Yael', authorEmail: 'yael@example.com', comment: 'Thank you!' },
    },
  };
}

// --- The hostile parts ---------------------------------------------------------------------

/** Strings that have broken web apps before: markup, injection, control and odd Unicode. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202E',
  '\r\n\r\n',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  "'; drop table donations; --",
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '1e309',
  '-1',
  '0x1F',
  'NaN',
  'Infinity',
  '99999999999999999999999999999999',
  '9'.repeat(400),
  'ש'.repeat(500),
  '🙂'.repeat(300),
  'x'.repeat(5000),
];
const nasty = fc.constantFrom(...nastyStrings);
/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
/** Header values must be visible ASCII (the HTTP layer refuses anything else before the app). */
const headerSafe = (s: string) => /^[\x20-\x7e]*$/.test(s);
const nastyHeader = fc.constantFrom(...nastyStrings.filter(headerSafe));

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nasty },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 300 }) },
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.5, 36.0000001, -36),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nasty, { maxLength: 4 }),
);

const oddKeys = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'website', 'toString', 'valueOf', ''),
);

/** The seed with some fields replaced, dropped or added. */
function mutatedObject(seed: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(seed).map(([key, value]) => [
      key,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(value) },
        { weight: 2, arbitrary: hostileValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(oddKeys, hostileValue, { maxKeys: 3 }))
    .map(([kept, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(kept)) if (value !== undefined) out[key] = value;
      // defineProperty: a key named __proto__ stays an own key and reaches JSON.stringify.
      for (const [key, value] of Object.entries(extra))
        Object.defineProperty(out, key, { value, enumerable: true });
      return out;
    });
}

/** Nesting as deep as the body limit allows, with keys that prototype-pollution checks scan for. */
const deepJson = fc
  .record({
    depth: fc.integer({ min: 50, max: 30_000 }),
    kind: fc.constantFrom('array', 'object', 'proto', 'constructor'),
  })
  .map(({ depth, kind }) => {
    if (kind === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const key = kind === 'object' ? 'a' : kind === 'proto' ? '__proto__' : 'constructor';
    return `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
  });

/** Bodies past the 64 KiB limit, and one just under it. */
const hugeJson = (seed: Record<string, unknown>) =>
  fc
    .constantFrom(60_000, 65_600, 200_000)
    .map((size) => JSON.stringify({ ...seed, pad: 'x'.repeat(size) }));

const brokenText = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'null',
    'true',
    '"text"',
    '0',
    '{}{}',
    '\uFEFF{}',
    '{"a":1,"a":2}',
    '{"amount":1e99999}',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    'a=1&b=2',
    '<xml/>',
  ),
  fc.string({ unit: 'binary', maxLength: 500 }),
);

function bodyFor(seed: Seed): fc.Arbitrary<string | undefined> {
  const base = seed.body ?? {};
  return fc.oneof(
    { weight: 8, arbitrary: mutatedObject(base).map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: hugeJson(base) },
    { weight: 2, arbitrary: brokenText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/json;;;',
      'application/vnd.api+json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/octet-stream',
      '*/*',
      'application/json, text/plain',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }) },
);

const headerValue = fc.oneof(nastyHeader, fc.string({ unit: 'grapheme-ascii', maxLength: 200 }));

function headersFor(seed: Seed) {
  const given = seed.headers ?? {};
  const value = (name: string) =>
    given[name] === undefined
      ? headerValue
      : fc.oneof({ weight: 2, arbitrary: fc.constant(given[name]!) }, headerValue);
  return fc
    .record(
      {
        'content-type': contentType,
        accept: fc.constantFrom('application/json', 'text/html', '*/*', '', 'image/png'),
        'stripe-signature': value('stripe-signature'),
        cookie: fc.oneof(
          headerValue,
          headerValue.map((v) => `tziyun_admin=${v}`),
          headerValue.map((v) => `tziyun_prayer=${v}`),
          headerValue.map((v) => `__Host-tziyun_admin=${v}; tziyun_admin=${v}`),
        ),
        origin: fc.oneof(headerValue, fc.constantFrom('https://tziyun.test', 'null')),
        referer: headerValue,
        'x-csrf-token': headerValue,
        'x-request-id': headerValue,
        'x-forwarded-for': headerValue,
        'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'none', 'same-site'),
        'content-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x'),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', '*', 'identity;q=0'),
        'accept-language': headerValue,
        'if-none-match': headerValue,
        range: fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=x', 'items=1-2'),
      },
      // Headers of the seed stay more often than not: the cases then reach past the session check.
      { requiredKeys: [] },
    )
    .map((headers) => {
      const out: Record<string, string> = {};
      for (const [name, v] of Object.entries(headers)) if (v !== undefined) out[name] = v;
      for (const [name, v] of Object.entries(given)) if (!(name in headers)) out[name] = v;
      return out;
    });
}

const queryValue = fc.oneof(
  { weight: 3, arbitrary: nasty },
  fc.string({ maxLength: 100 }),
  fc.constantFrom('1e300', '-5', '1.5', '0', '100', '101', '9007199254740993', '1e400', '+1', ' 1'),
);

function queryFor(seed: Seed): fc.Arbitrary<string> {
  const base = seed.query ?? {};
  const encoded = (o: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(o)) if (v !== undefined) params.append(k, v);
    return params.toString();
  };
  const mutated = fc
    .tuple(
      fc.record(
        Object.fromEntries(
          Object.entries(base).map(([k, v]) => [
            k,
            fc.oneof(fc.constant(v), queryValue, fc.constant(undefined)),
          ]),
        ),
      ),
      fc.dictionary(
        fc.oneof(fc.constantFrom('limit', 'offset', 'token', 'page', '__proto__'), fc.string()),
        queryValue,
        { maxKeys: 3 },
      ),
    )
    .map(([kept, extra]) => encoded({ ...kept, ...extra }));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(encoded(base)) },
    { weight: 6, arbitrary: mutated },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'token[]=a&token[]=b',
        'token[a]=b',
        'token=a&token=b',
        'limit=1&limit=2',
        'offset=1e300',
        'offset=99999999999999999999',
        '%',
        '%E0%A4%A',
        '%zz=%zz',
        '&&&===',
        'token',
        '?token=a',
        `token=${'a'.repeat(10_000)}`,
      ),
    },
  );
}

const paramValue = (given: string | undefined) =>
  fc.oneof(
    { weight: given ? 4 : 0, arbitrary: fc.constant(given ?? '') },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: nasty.map(encode) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }).map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '.', '%2e%2e', 'a'.repeat(3000)),
    },
  );

function urlFor(route: Route, seed: Seed): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => paramValue(seed.params?.[n])));
  return fc.tuple(params, queryFor(seed)).map(([values, query]) => {
    let i = 0;
    const path = route.path.replace(/:\w+/g, () => values[i++]!);
    return query ? `${path}?${query}` : path;
  });
}

function requestFor(route: Route, seed: Seed) {
  return fc.record({
    url: urlFor(route, seed),
    headers: headersFor(seed),
    payload: bodyFor(seed),
  });
}

// --- What every answer must be ---------------------------------------------------------------

const errorBody = z
  .object({
    error: z
      .object({
        code: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus]),
        message: z.string().min(1),
        fields: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
  })
  .strict();

/** What an internal error looks like when it leaks: a stack frame, a file path, a JS error. */
const leak =
  /\bat [\w.<>]+ \(|\.(?:ts|js|mjs):\d+|node_modules|\/work\/|file:\/\/|(?:Type|Reference|Syntax|Range)Error|Cannot read propert|ECONNREFUSED|\bpglite\b|duplicate key|violates|relation "/i;

function checkAnswer(
  route: Route,
  request: { url: string; headers: Record<string, string>; payload?: string },
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  const where = `${route.method} ${request.url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(leak);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
    const parsed = errorBody.safeParse(JSON.parse(res.body));
    expect(parsed.success, where).toBe(true);
    // The code agrees with the status wherever the table has a code for that status.
    const code = parsed.data!.error.code;
    if (Object.values(errorStatus).includes(res.statusCode as never))
      expect(errorStatus[code], where).toBe(res.statusCode);
  }
}

// --- The properties --------------------------------------------------------------------------

describe('fuzzing every public API route', () => {
  it('has a seed for every public API route, and every route is in the route table', () => {
    const table = publicApiRoutesOf(app).map((r) => `${r.method} ${r.path}`);
    expect(table.sort()).toEqual([...publicApiRoutes].sort());
    expect(Object.keys(seeds(fx)).sort()).toEqual(table.sort());
  });

  for (const name of [...publicApiRoutes].sort()) {
    it(`${name}: never a 5xx or a leak, and every refusal is the API's JSON error`, async () => {
      const [method, path] = name.split(' ') as [Route['method'], string];
      const route = { method, path };
      const seed = seeds(fx)[name]!;
      await fc.assert(
        fc.asyncProperty(requestFor(route, seed), async (request) => {
          const res = await app.inject({
            method,
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          checkAnswer(route, request, res);
        }),
        { numRuns: runs, seed: fuzzSeed, endOnFailure: false },
      );
    }, 120_000);
  }
});

describe('what the fuzzing found, kept as plain cases', () => {
  const refusal = async (
    request: InjectOptions,
    status: number,
    code: keyof typeof errorStatus,
  ) => {
    const res = await app.inject(request);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
  };

  it('a malformed percent-encoding in the path: 400 with the API error, not Fastify’s own body', async () => {
    await refusal({ url: '/api/ojc/payments/%' }, 400, 'bad_request');
  });

  it('a path parameter past the router’s length limit: 414 with the API error', async () => {
    await refusal(
      { method: 'POST', url: `/api/ojc/payments/${encodeURIComponent('🙂'.repeat(300))}/charge` },
      414,
      'uri_too_long',
    );
  });

  it('a path segment too long for a file name: 403 with a code that matches', async () => {
    await refusal({ url: `/api/ojc/payments/${'x'.repeat(5000)}` }, 403, 'forbidden');
  });

  it('a NUL character in a query: 400, not the database’s error as a 500', async () => {
    await refusal(
      { method: 'POST', url: '/api/newsletter/unsubscribe?token=%00' },
      400,
      'bad_request',
    );
  });

  it.each(['\uD800', 'a\u0000b'])(
    'text the database cannot store in a JSON body (%j): 400 before anything is stored',
    async (comment) => {
      await refusal(
        {
          method: 'POST',
          url: `/api/videos/${fx.videoId}/comments`,
          payload: { authorName: 'Yael', authorEmail: 'yael@example.com', comment },
        },
        400,
        'bad_request',
      );
    },
  );
});
