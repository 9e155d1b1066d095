import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  adminLoginThrottle,
  adminPasskeys,
  adminPendingSignIns,
  adminSessions,
} from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { createAdmin, type TestAdmin } from '~tests/helpers/admin';
import {
  enableTotp,
  pendingSignInCookie,
  requireSecondFactor,
  totpCode,
} from '~tests/helpers/second-factor';
import { SoftAuthenticator } from '~tests/helpers/soft-authenticator';
import { issueRecoveryCodes } from './recovery-codes';

/**
 * The sign-in's second step through the API (docs/decisions/018-admin-second-factor.md): the
 * password answers "a second step follows" and a pending-sign-in cookie, never a session; the
 * code, recovery code or passkey then finishes it.
 */
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const origin = 'https://tziyun.test';
type Res = Awaited<ReturnType<typeof app.inject>>;

function cookieOf(res: Res, name: string) {
  return res.cookies.find((c) => c.name === name);
}

const login = (
  admin: TestAdmin,
  { ip = '192.0.2.1', cookie }: { ip?: string; cookie?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: admin.username, password: admin.password },
    headers: { origin, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });

const step = (
  path: string,
  cookie: string | undefined,
  payload?: unknown,
  { ip = '192.0.2.1', headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/login/${path}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin, ...(cookie ? { cookie } : {}), ...headers },
    remoteAddress: ip,
  });

/** An admin with the app switched on, past the password: the pending cookie and the secret. */
async function pastPassword(options: { ip?: string } = {}) {
  const admin = await createAdmin(app);
  const secret = await enableTotp(app, admin.id);
  const res = await login(admin, options);
  const pending = cookieOf(res, 'tziyun_sign_in')!;
  return { admin, secret, res, cookie: `tziyun_sign_in=${pending.value}` };
}

async function auditOf(username: string) {
  return app.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, username));
}

describe('the password step of an account with a second factor', () => {
  it('answers that a second step follows, with a pending cookie and no session', async () => {
    const { admin, res } = await pastPassword();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      next: 'second-factor',
      methods: ['totp', 'recovery-code'],
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(new Date(res.json().expiresAt).getTime() - app.clock().getTime()).toBeLessThanOrEqual(
      5 * 60_000,
    );
    const setCookies = [res.headers['set-cookie']].flat().map(String);
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(
      /^tziyun_sign_in=[\w-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    // Neither the session nor (ADR 017) the device cookie before the whole sign-in.
    expect(cookieOf(res, 'tziyun_admin')).toBeUndefined();
    expect(cookieOf(res, 'tziyun_device')).toBeUndefined();
    const sessions = await app.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.userId, admin.id));
    expect(sessions).toEqual([]);
    // Only the token's hash is kept.
    const [pending] = await app.database.db
      .select()
      .from(adminPendingSignIns)
      .where(eq(adminPendingSignIns.userId, admin.id));
    expect(pending!.tokenHash).not.toBe(cookieOf(res, 'tziyun_sign_in')!.value);
  });

  it('names passkeys among the ways when the account has one', async () => {
    const admin = await createAdmin(app);
    const authenticator = new SoftAuthenticator(origin);
    await registerPasskeyDirectly(admin, authenticator);
    const res = await login(admin);
    expect(res.json().methods).toEqual(['passkey', 'recovery-code']);
  });

  it('gives a wrong password the same answer as before (401, nothing pending)', async () => {
    const { admin } = await pastPassword();
    const res = await login({ ...admin, password: 'not the password at all' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid credentials');
    expect(cookieOf(res, 'tziyun_sign_in')).toBeUndefined();
  });
});

describe('the authenticator app', () => {
  it('finishes the sign-in with a current code: session, device cookie, audit entry', async () => {
    const { admin, secret, cookie } = await pastPassword();
    const res = await step('second-factor', cookie, {
      method: 'totp',
      code: totpCode(app, secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      user: { id: admin.id, username: admin.username, role: 'admin' },
      csrfToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(cookieOf(res, 'tziyun_admin')!.value).toMatch(/^[\w-]{43}$/);
    expect(cookieOf(res, 'tziyun_device')).toBeDefined();
    // The pending cookie is cleared and its row gone.
    expect(cookieOf(res, 'tziyun_sign_in')!.value).toBe('');
    const session = await app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `tziyun_admin=${cookieOf(res, 'tziyun_admin')!.value}` },
    });
    expect(session.statusCode).toBe(200);
    const audit = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.actorId, admin.id), eq(adminAuditLog.action, 'sign-in')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ secondFactor: 'totp' });
  });

  it('accepts the code of the step before and after (clock drift), not two steps away', async () => {
    for (const [offset, status] of [
      [-30_000, 200],
      [30_000, 200],
      [-60_000, 401],
      [60_000, 401],
    ] as const) {
      const { secret, cookie } = await pastPassword({ ip: `192.0.2.${100 + offset / 30_000}` });
      const at = new Date(app.clock().getTime() + offset);
      const res = await step(
        'second-factor',
        cookie,
        { method: 'totp', code: totpCode(app, secret, at) },
        { ip: `192.0.2.${100 + offset / 30_000}` },
      );
      expect(res.statusCode, `offset ${offset}`).toBe(status);
    }
  });

  it('refuses a wrong code in plain words under the field, and the right one still works', async () => {
    const { secret, cookie } = await pastPassword();
    const wrong = totpCode(app, secret) === '000000' ? '111111' : '000000';
    const res = await step('second-factor', cookie, { method: 'totp', code: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'unauthorized',
      message: expect.stringContaining('That code did not work'),
      fields: { code: expect.stringContaining('That code did not work') },
    });
    const ok = await step('second-factor', cookie, { method: 'totp', code: totpCode(app, secret) });
    expect(ok.statusCode).toBe(200);
  });

  it('never accepts a code twice, nor an older one after a newer (replay)', async () => {
    const admin = await createAdmin(app);
    const secret = await enableTotp(app, admin.id);
    const first = cookieOf(await login(admin), 'tziyun_sign_in')!.value;
    const code = totpCode(app, secret);
    const ok = await step('second-factor', `tziyun_sign_in=${first}`, { method: 'totp', code });
    expect(ok.statusCode).toBe(200);

    // The same code, seen over a shoulder, in a new sign-in with the password.
    const again = cookieOf(await login(admin, { ip: '192.0.2.2' }), 'tziyun_sign_in')!.value;
    const replay = await step(
      'second-factor',
      `tziyun_sign_in=${again}`,
      { method: 'totp', code },
      { ip: '192.0.2.2' },
    );
    expect(replay.statusCode).toBe(401);
    // The previous step's code is older than the one used: refused too.
    const older = totpCode(app, secret, new Date(app.clock().getTime() - 30_000));
    const stale = await step(
      'second-factor',
      `tziyun_sign_in=${again}`,
      { method: 'totp', code: older },
      { ip: '192.0.2.2' },
    );
    expect(stale.statusCode).toBe(401);
    // The next step's code is fine.
    app.advanceClock(30_000);
    const next = await step(
      'second-factor',
      `tziyun_sign_in=${again}`,
      { method: 'totp', code: totpCode(app, secret) },
      { ip: '192.0.2.2' },
    );
    expect(next.statusCode).toBe(200);
  });

  it('accepts the same code once when two requests race with it', async () => {
    const admin = await createAdmin(app);
    const secret = await enableTotp(app, admin.id);
    const a = cookieOf(await login(admin, { ip: '192.0.2.31' }), 'tziyun_sign_in')!.value;
    const b = cookieOf(await login(admin, { ip: '192.0.2.32' }), 'tziyun_sign_in')!.value;
    const code = totpCode(app, secret);
    const answers = await Promise.all([
      step('second-factor', `tziyun_sign_in=${a}`, { method: 'totp', code }, { ip: '192.0.2.31' }),
      step('second-factor', `tziyun_sign_in=${b}`, { method: 'totp', code }, { ip: '192.0.2.32' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });
});

describe('the pending sign-in', () => {
  it('is single use: the cookie that finished a sign-in finishes no other', async () => {
    const { secret, cookie } = await pastPassword();
    const ok = await step('second-factor', cookie, { method: 'totp', code: totpCode(app, secret) });
    expect(ok.statusCode).toBe(200);
    app.advanceClock(30_000);
    const again = await step('second-factor', cookie, {
      method: 'totp',
      code: totpCode(app, secret),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(
      'Your sign-in has timed out or was already used. Please sign in again.',
    );
    expect(again.json().error.fields).toBeUndefined();
  });

  it('ends after 5 minutes', async () => {
    const { secret, cookie } = await pastPassword();
    app.advanceClock(5 * 60_000 + 1);
    const res = await step('second-factor', cookie, {
      method: 'totp',
      code: totpCode(app, secret),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/timed out/);
    // The browser is told to forget it.
    expect(cookieOf(res, 'tziyun_sign_in')!.value).toBe('');
  });

  it('is bound to its account: a code of another account does not finish it', async () => {
    const { cookie } = await pastPassword();
    const other = await createAdmin(app);
    const otherSecret = await enableTotp(app, other.id);
    const res = await step('second-factor', cookie, {
      method: 'totp',
      code: totpCode(app, otherSecret),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses every second-step route without it (401 before the body is read)', async () => {
    for (const path of [
      'second-factor',
      'passkey-options',
      'enrolment',
      'enrolment/totp',
      'enrolment/passkey-options',
    ]) {
      for (const cookie of [
        undefined,
        'tziyun_sign_in=not-a-token',
        `tziyun_sign_in=${'a'.repeat(43)}`,
      ]) {
        const res = await step(path, cookie, { junk: true });
        expect(res.statusCode, `${path} ${cookie}`).toBe(401);
      }
    }
  });

  it('is refused from another origin, like the sign-in (login CSRF)', async () => {
    const { secret, cookie } = await pastPassword();
    const res = await step(
      'second-factor',
      cookie,
      { method: 'totp', code: totpCode(app, secret) },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
  });

  it('ends after 5 wrong codes: the password must be given again', async () => {
    const { admin, secret, cookie } = await pastPassword({ ip: '192.0.2.41' });
    const wrong = totpCode(app, secret) === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // Each wrong try waits out its throttle first, to see the pending limit alone.
      await clearThrottle(admin.username);
      const res = await step(
        'second-factor',
        cookie,
        { method: 'totp', code: wrong },
        { ip: '192.0.2.41' },
      );
      answers.push(res.statusCode);
      if (i === 4) {
        expect(res.json().error.message).toMatch(/too many wrong tries/i);
        expect(res.json().error.fields).toBeUndefined();
      }
    }
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    await clearThrottle(admin.username);
    const right = await step(
      'second-factor',
      cookie,
      { method: 'totp', code: totpCode(app, secret) },
      { ip: '192.0.2.41' },
    );
    expect(right.statusCode).toBe(401);
    expect(right.json().error.message).toMatch(/timed out or was already used/);
  });
});

async function clearThrottle(username: string) {
  const rows = await app.database.db.select().from(adminLoginThrottle);
  for (const row of rows.filter((r) => r.key.includes(username) || r.key.startsWith('ip:'))) {
    await app.database.db.delete(adminLoginThrottle).where(eq(adminLoginThrottle.key, row.key));
  }
}

describe('throttling of the second step', () => {
  it('counts each wrong code as a failed sign-in of the name and address', async () => {
    const ip = '198.51.100.7';
    const { admin, secret, cookie } = await pastPassword({ ip });
    const wrong = totpCode(app, secret) === '000000' ? '111111' : '000000';
    const pairFailures = async () => {
      const [row] = await app.database.db
        .select()
        .from(adminLoginThrottle)
        .where(eq(adminLoginThrottle.key, `pair:${admin.username} ${ip}`));
      return row?.failures ?? 0;
    };
    const wrongCode = (c: string) =>
      step('second-factor', c, { method: 'totp', code: wrong }, { ip });

    expect((await wrongCode(cookie)).statusCode).toBe(401);
    expect((await wrongCode(cookie)).statusCode).toBe(401);
    // The password (1) and two wrong codes.
    expect(await pairFailures()).toBe(3);
    // Giving the right password again does not wipe the count: its reservation stays too.
    const again = await login(admin, { ip });
    expect(again.statusCode).toBe(200);
    expect(await pairFailures()).toBe(4);
    const next = `tziyun_sign_in=${cookieOf(again, 'tziyun_sign_in')!.value}`;
    expect((await wrongCode(next)).statusCode).toBe(401);
    // Five failures for the pair: the next attempt, password or code, waits.
    expect((await login(admin, { ip })).statusCode).toBe(429);
    expect((await wrongCode(next)).statusCode).toBe(429);

    const failed = (await auditOf(admin.username)).filter((e) => e.action === 'sign-in-failed');
    expect(failed).toHaveLength(3);
    expect(failed[0]!.details).toEqual({ step: 'second-factor', method: 'totp' });
    // Never the code in the log.
    expect(JSON.stringify(failed)).not.toContain(wrong);
  });

  it('answers 429 with Retry-After while the keys wait, before looking at the code', async () => {
    const { admin, secret, cookie } = await pastPassword({ ip: '198.51.100.8' });
    await app.database.db
      .insert(adminLoginThrottle)
      .values({
        key: `pair:${admin.username} 198.51.100.8`,
        failures: 9,
        firstFailureAt: app.clock(),
        lastFailureAt: app.clock(),
        blockedUntil: new Date(app.clock().getTime() + 8_000),
      })
      .onConflictDoUpdate({
        target: adminLoginThrottle.key,
        set: { failures: 9, blockedUntil: new Date(app.clock().getTime() + 8_000) },
      });
    const res = await step(
      'second-factor',
      cookie,
      { method: 'totp', code: totpCode(app, secret) },
      { ip: '198.51.100.8' },
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('8');
    expect(res.json().error.message).toBe(
      'Too many sign-in attempts. Please wait 8 seconds and try again.',
    );
    // The code was not used up: after the wait it still works.
    app.advanceClock(8_000);
    const later = await step(
      'second-factor',
      cookie,
      { method: 'totp', code: totpCode(app, secret) },
      { ip: '198.51.100.8' },
    );
    expect(later.statusCode).toBe(200);
  });

  it('gives back the password’s reservation and the code’s when the sign-in succeeds', async () => {
    const { admin, secret, cookie } = await pastPassword({ ip: '198.51.100.9' });
    const ok = await step(
      'second-factor',
      cookie,
      { method: 'totp', code: totpCode(app, secret) },
      { ip: '198.51.100.9' },
    );
    expect(ok.statusCode).toBe(200);
    const keys = await app.database.db.select().from(adminLoginThrottle);
    const mine = keys.filter((k) => k.key.includes(admin.username) || k.key === 'ip:198.51.100.9');
    expect(mine.filter((k) => k.failures > 0)).toEqual([]);
  });
});

describe('recovery codes', () => {
  it('each works once, in any case and with or without dashes', async () => {
    const { admin } = await pastPassword();
    const codes = await issueRecoveryCodes(app.database.db, admin.id, app.clock());
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);

    const typed = codes[0]!.toLowerCase().replace(/-/g, ' ');
    const first = cookieOf(await login(admin), 'tziyun_sign_in')!.value;
    const ok = await step('second-factor', `tziyun_sign_in=${first}`, {
      method: 'recovery-code',
      code: typed,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [entry] = (
      await app.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.actorId, admin.id), eq(adminAuditLog.action, 'sign-in')))
    ).slice(-1);
    expect(entry!.details).toEqual({ secondFactor: 'recovery-code', recoveryCodesLeft: 9 });

    const second = cookieOf(await login(admin), 'tziyun_sign_in')!.value;
    const reused = await step('second-factor', `tziyun_sign_in=${second}`, {
      method: 'recovery-code',
      code: codes[0],
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.fields).toEqual({
      code: 'That recovery code did not work. Each code works only once.',
    });
    const other = await step('second-factor', `tziyun_sign_in=${second}`, {
      method: 'recovery-code',
      code: codes[1],
    });
    expect(other.statusCode).toBe(200);
  });

  it('are stored only as hashes', async () => {
    const admin = await createAdmin(app);
    const codes = await issueRecoveryCodes(app.database.db, admin.id, app.clock());
    const dump = JSON.stringify(
      await app.database.db.execute('select * from admin_recovery_codes'),
    );
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace(/-/g, ''));
    }
  });
});

describe('bad input to the second step', () => {
  it('gets 400 with a message per field, never a 5xx', async () => {
    const { cookie } = await pastPassword();
    const cases: [unknown, Record<string, string>][] = [
      [{}, { method: 'Choose how to confirm it is you: a code, a passkey or a recovery code' }],
      [
        { method: 'sms', code: '123456' },
        { method: 'Choose how to confirm it is you: a code, a passkey or a recovery code' },
      ],
      [{ method: 'totp' }, { code: 'Enter the 6-digit code from your authenticator app' }],
      [
        { method: 'totp', code: '12345' },
        { code: 'Enter the 6-digit code from your authenticator app' },
      ],
      [
        { method: 'totp', code: 'abcdef' },
        { code: 'Enter the 6-digit code from your authenticator app' },
      ],
      [
        { method: 'totp', code: '1'.repeat(5000) },
        { code: 'Enter the 6-digit code from your authenticator app' },
      ],
      [
        { method: 'recovery-code', code: 'too-short' },
        { code: 'Enter one of your recovery codes (16 letters and digits)' },
      ],
      [
        { method: 'passkey', response: { id: 'x' } },
        { 'response.rawId': 'The passkey’s answer was incomplete. Please try again.' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await step('second-factor', cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(payload)).toMatchObject(fields);
    }
    // Spaces in a typed code are fine (not a 400).
    const spaced = await step('second-factor', cookie, { method: 'totp', code: '123 456' });
    expect([200, 401]).toContain(spaced.statusCode);
  });

  it('refuses the second step of an enrolling sign-in and the reverse (409)', async () => {
    // An enrolling sign-in holds only while the site requires a factor (pendingStillHolds).
    await requireSecondFactor(app, true);
    const admin = await createAdmin(app);
    const enrolling = await pendingSignInCookie(app, admin.id, 'enrolment');
    const res = await step('second-factor', enrolling, { method: 'totp', code: '123456' });
    expect(res.statusCode).toBe(409);
    expect((await step('passkey-options', enrolling)).statusCode).toBe(409);
    const { cookie } = await pastPassword();
    expect((await step('enrolment/totp', cookie)).statusCode).toBe(409);
    expect((await step('enrolment', cookie, { method: 'totp', code: '123456' })).statusCode).toBe(
      409,
    );
    await requireSecondFactor(app, false);
  });
});

/** A passkey registered through the account's own Account Security routes. */
async function registerPasskeyDirectly(admin: TestAdmin, authenticator: SoftAuthenticator) {
  const { signIn } = await import('~tests/helpers/admin');
  const session = await signIn(app, admin);
  const options = await app.inject({
    method: 'POST',
    url: '/api/admin/account/passkeys/options',
    headers: session.headers,
  });
  expect(options.statusCode, options.body).toBe(200);
  const added = await app.inject({
    method: 'POST',
    url: '/api/admin/account/passkeys',
    headers: session.headers,
    payload: {
      name: 'Test key',
      response: authenticator.register(options.json()),
      password: admin.password,
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json();
}

describe('passkeys as the second factor', () => {
  async function passkeyAccount(options: { counter?: number } = {}) {
    const admin = await createAdmin(app);
    const authenticator = new SoftAuthenticator(origin, options);
    await registerPasskeyDirectly(admin, authenticator);
    const res = await login(admin);
    return {
      admin,
      authenticator,
      cookie: `tziyun_sign_in=${cookieOf(res, 'tziyun_sign_in')!.value}`,
    };
  }

  it('signs in with a real signature over the challenge the server gave', async () => {
    const { admin, authenticator, cookie } = await passkeyAccount({ counter: 1 });
    const options = await step('passkey-options', cookie);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({
      challenge: expect.stringMatching(/^[\w-]{20,}$/),
      rpId: 'tziyun.test',
      allowCredentials: [{ id: authenticator.id, type: 'public-key', transports: ['internal'] }],
      userVerification: 'preferred',
    });
    const res = await step('second-factor', cookie, {
      method: 'passkey',
      response: authenticator.assert(options.json()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(cookieOf(res, 'tziyun_admin')).toBeDefined();
    const [passkey] = await app.database.db
      .select()
      .from(adminPasskeys)
      .where(eq(adminPasskeys.userId, admin.id));
    expect(passkey!.counter).toBe(2);
    expect(passkey!.lastUsedAt).not.toBeNull();
  });

  it('refuses a signature by another key, another origin, or an old challenge', async () => {
    const { authenticator, cookie } = await passkeyAccount();
    const impostor = new SoftAuthenticator(origin);

    const forged = await step('passkey-options', cookie);
    const bad = await step('second-factor', cookie, {
      method: 'passkey',
      response: authenticator.assert(forged.json(), { signWith: impostor }),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.fields).toEqual({
      passkey: 'That passkey was not accepted. Try again, or use another way.',
    });

    const phishing = await step('passkey-options', cookie);
    const elsewhere = await step('second-factor', cookie, {
      method: 'passkey',
      response: authenticator.assert(phishing.json(), { origin: 'https://tziyun.evil' }),
    });
    expect(elsewhere.statusCode).toBe(401);

    // A challenge is checked once: the same signed answer again is refused.
    const fresh = await step('passkey-options', cookie);
    const answer = authenticator.assert(fresh.json());
    const replayedFirst = await step('second-factor', cookie, {
      method: 'passkey',
      response: { ...answer, response: { ...answer.response, signature: 'AAAA' } },
    });
    expect(replayedFirst.statusCode).toBe(401);
    const replayed = await step('second-factor', cookie, { method: 'passkey', response: answer });
    expect(replayed.statusCode).toBe(401);
  });

  it('refuses an answer to a challenge never asked for, or once the sign-in timed out', async () => {
    const { authenticator, cookie } = await passkeyAccount();
    const unasked = await step('second-factor', cookie, {
      method: 'passkey',
      response: authenticator.assert({ challenge: 'bm90LWFza2Vk' }),
    });
    expect(unasked.statusCode).toBe(401);
    const options = await step('passkey-options', cookie);
    app.advanceClock(5 * 60_000);
    const late = await step('second-factor', cookie, {
      method: 'passkey',
      response: authenticator.assert(options.json()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.message).toMatch(/timed out/);
  });

  it('refuses another account’s passkey', async () => {
    const { cookie } = await passkeyAccount();
    const other = await createAdmin(app);
    const theirs = new SoftAuthenticator(origin);
    await registerPasskeyDirectly(other, theirs);
    const options = await step('passkey-options', cookie);
    const res = await step('second-factor', cookie, {
      method: 'passkey',
      response: theirs.assert(options.json()),
    });
    expect(res.statusCode).toBe(401);
  });
});
