import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, adminRecoveryCodes, adminTotp } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { createAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import { enableTotp, totpCode } from '~tests/helpers/second-factor';
import { SoftAuthenticator } from '~tests/helpers/soft-authenticator';
import { totpCodeAt } from './totp';

/**
 * Account Security through the API: an administrator sets up, checks and removes their own
 * second factors (docs/decisions/018-admin-second-factor.md).
 */
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const origin = 'https://tziyun.test';
/** The password of every account made by the admin fixtures. */
const password = 'correct horse battery staple';

function call(session: AdminSession, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/admin/account${url}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function security(session: AdminSession) {
  const res = await call(session, 'GET', '/security');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function auditActions(username: string) {
  const rows = await app.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.target, username));
  return rows.map((r) => ({ action: r.action, details: r.details }));
}

/** Sets up and confirms the app; returns the secret and the first recovery codes. */
async function setUpTotp(session: AdminSession) {
  const setup = await call(session, 'POST', '/totp');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const confirmed = await call(session, 'POST', '/totp/confirm', {
    password,
    code: totpCode(app, secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function addPasskey(session: AdminSession, name = 'Office laptop') {
  const authenticator = new SoftAuthenticator(origin);
  const options = await call(session, 'POST', '/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const res = await call(session, 'POST', '/passkeys', {
    password,
    name,
    response: authenticator.register(options.json()),
  });
  return { res, authenticator };
}

describe('GET /api/admin/account/security', () => {
  it('shows a new account with nothing set up', async () => {
    const session = await signIn(app);
    expect(await security(session)).toEqual({
      totp: { enabled: false, enabledAt: null },
      passkeys: [],
      recoveryCodesLeft: 0,
      hasSecondFactor: false,
      secondFactorRequired: false,
    });
  });

  it('is for a signed-in administrator only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/account/security' });
    expect(res.statusCode).toBe(401);
  });
});

describe('setting up the authenticator app', () => {
  it('gives the secret and a QR code once, and switches on only with a first valid code', async () => {
    const session = await signIn(app);
    const setup = await call(session, 'POST', '/totp');
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Tziyun:${session.user.username}?issuer=Tziyun&secret=${secret}&algorithm=SHA1&digits=6&period=30`.replace(
        /Tziyun/g,
        encodeURIComponent(app.siteConfig.product),
      ),
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg /);
    // Not on yet.
    expect((await security(session)).totp.enabled).toBe(false);

    const wrong = await call(session, 'POST', '/totp/confirm', {
      password,
      code: totpCode(app, secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toMatch(/That code did not work/);
    expect((await security(session)).totp.enabled).toBe(false);

    const ok = await call(session, 'POST', '/totp/confirm', {
      password,
      code: totpCode(app, secret),
    });
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes } = ok.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const after = await security(session);
    expect(after).toMatchObject({
      totp: { enabled: true, enabledAt: expect.any(String) },
      recoveryCodesLeft: 10,
      hasSecondFactor: true,
    });
    // The secret is never answered again, and is not stored in the clear.
    expect(JSON.stringify(after)).not.toContain(secret);
    const [row] = await app.database.db
      .select()
      .from(adminTotp)
      .where(eq(adminTotp.userId, session.user.id));
    expect(row!.secretSealed).not.toContain(secret);
    expect(row!.secretSealed).toMatch(/^v1\./);
    const again = await call(session, 'POST', '/totp');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already set up/);

    // The audit log says what happened, never the secret or a code.
    const log = await auditActions(session.user.username);
    expect(log).toContainEqual({
      action: 'second-factor-added',
      details: { method: 'totp', recoveryCodesIssued: true },
    });
    const everything = JSON.stringify(await app.database.db.select().from(adminAuditLog));
    expect(everything).not.toContain(secret);
    for (const code of recoveryCodes) expect(everything).not.toContain(code);
  });

  it('a new setup replaces an unconfirmed one: the old secret’s codes no longer work', async () => {
    const session = await signIn(app);
    const first = (await call(session, 'POST', '/totp')).json().secret;
    const second = (await call(session, 'POST', '/totp')).json().secret;
    expect(second).not.toBe(first);
    const old = await call(session, 'POST', '/totp/confirm', {
      password,
      code: totpCode(app, first),
    });
    expect(old.statusCode).toBe(400);
    const ok = await call(session, 'POST', '/totp/confirm', {
      password,
      code: totpCode(app, second),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('the code that confirmed it cannot sign in again (its step is used)', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const setup = (await call(session, 'POST', '/totp')).json();
    const code = totpCode(app, setup.secret);
    expect(
      (
        await call(session, 'POST', '/totp/confirm', {
          password,
          code,
        })
      ).statusCode,
    ).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: admin.password },
      headers: { origin },
    });
    const pending = login.cookies.find((c) => c.name === 'tziyun_sign_in')!.value;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login/second-factor',
      payload: { method: 'totp', code },
      headers: { origin, cookie: `tziyun_sign_in=${pending}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses confirming with nothing set up, and bad codes with field messages', async () => {
    const session = await signIn(app);
    const none = await call(session, 'POST', '/totp/confirm', {
      password,
      code: '123456',
    });
    expect(none.statusCode).toBe(400);
    for (const payload of [{}, { code: '' }, { code: '12 34 5' }, { code: 123456 }]) {
      const res = await call(session, 'POST', '/totp/confirm', { password, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toEqual({
        code: 'Enter the 6-digit code from your authenticator app',
      });
    }
  });
});

describe('switching the authenticator app off', () => {
  it('needs a current code or the password; wrong ones are 400 with a field message', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const { secret } = await setUpTotp(session);

    const nothing = await call(session, 'POST', '/totp/disable', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields).toEqual({
      password: 'Enter your password (or a code from your authenticator app) to confirm',
    });
    const badPassword = await call(session, 'POST', '/totp/disable', {
      password: 'not my password',
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().error.fields).toEqual({ password: 'That is not your password.' });
    const malformed = await call(session, 'POST', '/totp/disable', { code: '12ab' });
    expect(malformed.json().error.fields).toEqual({
      code: 'Enter the 6-digit code from your authenticator app',
    });
    // The session is fine after a wrong password: still signed in.
    expect((await call(session, 'GET', '/security')).statusCode).toBe(200);

    app.advanceClock(30_000);
    const ok = await call(session, 'POST', '/totp/disable', { code: totpCode(app, secret) });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(await security(session)).toMatchObject({
      totp: { enabled: false },
      hasSecondFactor: false,
      // The last factor gone, its recovery codes go too.
      recoveryCodesLeft: 0,
    });
    expect(await auditActions(admin.username)).toContainEqual({
      action: 'second-factor-removed',
      details: { method: 'totp' },
    });
    // Signing in is back to the password alone.
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: admin.password },
      headers: { origin },
    });
    expect(login.json().user).toBeDefined();
  });

  it('with the password too', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    await setUpTotp(session);
    const ok = await call(session, 'POST', '/totp/disable', { password: admin.password });
    expect(ok.statusCode).toBe(204);
  });

  it('throttles password re-checks like sign-ins (429 after the free tries)', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    await setUpTotp(session);
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await call(session, 'POST', '/totp/disable', { password: `wrong password ${i}` });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('is refused when it is off already', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const res = await call(session, 'POST', '/totp/disable', { password: admin.password });
    expect(res.statusCode).toBe(409);
  });
});

describe('passkeys', () => {
  it('adds a named passkey (real attestation), issues recovery codes the first time only', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const options = await call(session, 'POST', '/passkeys/options');
    expect(options.json()).toMatchObject({
      rp: { id: 'tziyun.test', name: `${app.siteConfig.product} Admin` },
      user: { name: admin.username },
      attestation: 'none',
      excludeCredentials: [],
    });
    const { res } = await addPasskey(session, '  Office laptop ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      passkey: {
        id: expect.any(String),
        name: 'Office laptop',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^\w{4}-\w{4}-\w{4}-\w{4}$/)]),
    });
    const second = await addPasskey(session, 'Security key');
    expect(second.res.json().recoveryCodes).toBeNull();
    const view = await security(session);
    expect(view.passkeys.map((p: { name: string }) => p.name)).toEqual([
      'Office laptop',
      'Security key',
    ]);
    // The next options name both, so the browser does not register one twice.
    const next = await call(session, 'POST', '/passkeys/options');
    expect(next.json().excludeCredentials).toHaveLength(2);
    expect(await auditActions(admin.username)).toContainEqual({
      action: 'second-factor-added',
      details: { method: 'passkey', name: 'Office laptop', recoveryCodesIssued: true },
    });
  });

  it('refuses an answer for another site, a reused challenge, or one never asked for', async () => {
    const session = await signIn(app);
    const authenticator = new SoftAuthenticator(origin);
    const options = (await call(session, 'POST', '/passkeys/options')).json();
    const phished = await call(session, 'POST', '/passkeys', {
      password,
      name: 'Phished',
      response: authenticator.register(options, { origin: 'https://tziyun.evil' }),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().error.message).toBe(
      'This passkey could not be checked. Please try again, or use another one.',
    );
    // That used the challenge up.
    const reused = await call(session, 'POST', '/passkeys', {
      password,
      name: 'Reused',
      response: authenticator.register(options),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('The passkey request timed out. Please try again.');

    const fresh = (await call(session, 'POST', '/passkeys/options')).json();
    const wrongRp = await call(session, 'POST', '/passkeys', {
      password,
      name: 'Wrong RP',
      response: authenticator.register(fresh, { rpId: 'evil.example' }),
    });
    expect(wrongRp.statusCode).toBe(400);
  });

  it('refuses a challenge older than 5 minutes, and one asked for by another session', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const authenticator = new SoftAuthenticator(origin);
    const options = (await call(session, 'POST', '/passkeys/options')).json();
    app.advanceClock(5 * 60_000 + 1);
    const late = await call(session, 'POST', '/passkeys', {
      password,
      name: 'Late',
      response: authenticator.register(options),
    });
    expect(late.statusCode).toBe(400);

    const other = await signIn(app, admin);
    const theirs = (await call(other, 'POST', '/passkeys/options')).json();
    const crossed = await call(session, 'POST', '/passkeys', {
      password,
      name: 'Crossed',
      response: authenticator.register(theirs),
    });
    expect(crossed.statusCode).toBe(400);
  });

  it('refuses registering the same credential twice', async () => {
    const session = await signIn(app);
    const { authenticator } = await addPasskey(session);
    const options = (await call(session, 'POST', '/passkeys/options')).json();
    const twice = await call(session, 'POST', '/passkeys', {
      password,
      name: 'Again',
      response: authenticator.register(options),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('removes one with the password; the last one takes the recovery codes with it', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const first = (await addPasskey(session, 'One')).res.json().passkey.id;
    const second = (await addPasskey(session, 'Two')).res.json().passkey.id;
    const wrong = await call(session, 'POST', `/passkeys/${first}/remove`, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    const ok = await call(session, 'POST', `/passkeys/${first}/remove`, {
      password: admin.password,
    });
    expect(ok.statusCode).toBe(204);
    expect((await security(session)).recoveryCodesLeft).toBe(10);
    const last = await call(session, 'POST', `/passkeys/${second}/remove`, {
      password: admin.password,
    });
    expect(last.statusCode).toBe(204);
    expect(await security(session)).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect(await auditActions(admin.username)).toContainEqual({
      action: 'second-factor-removed',
      details: { method: 'passkey', name: 'One' },
    });
  });

  it('cannot remove another account’s passkey, and a malformed id is a 400', async () => {
    const owner = await signIn(app);
    const theirs = (await addPasskey(owner)).res.json().passkey.id;
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const res = await call(session, 'POST', `/passkeys/${theirs}/remove`, {
      password: admin.password,
    });
    expect(res.statusCode).toBe(404);
    const malformed = await call(session, 'POST', '/passkeys/not-a-uuid/remove', {
      password: admin.password,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: 'Unknown passkey' });
  });

  it('gives bad input field messages, never a 5xx', async () => {
    const session = await signIn(app);
    const options = (await call(session, 'POST', '/passkeys/options')).json();
    const good = new SoftAuthenticator(origin).register(options);
    const cases: [unknown, string][] = [
      [{ response: good }, 'name'],
      [{ name: '', response: good }, 'name'],
      [{ name: 'x'.repeat(61), response: good }, 'name'],
      [{ name: 'Line\nbreak', response: good }, 'name'],
      [{ name: 'Fine' }, 'response'],
      [{ name: 'Fine', response: { ...good, type: 'password' } }, 'response.type'],
      [
        { name: 'Fine', response: { ...good, response: { clientDataJSON: '***' } } },
        'response.response.clientDataJSON',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await call(session, 'POST', '/passkeys', { password, ...(payload as object) });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().error.fields), field).toContain(field);
    }
    // Well-formed but garbage: a plain 400.
    const garbage = await call(session, 'POST', '/passkeys', {
      password,
      name: 'Garbage',
      response: {
        ...good,
        response: { ...good.response, attestationObject: 'AAAA', clientDataJSON: 'e30' },
      },
    });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('adding a factor asks who you are, as removing one does', () => {
  it('the app is switched on only with the password: without it or with a wrong one, refused', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const { secret } = (await call(session, 'POST', '/totp')).json();
    const code = totpCode(app, secret);
    const without = await call(session, 'POST', '/totp/confirm', { code });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields).toEqual({
      password: 'Enter your password to confirm it is you',
    });
    const wrong = await call(session, 'POST', '/totp/confirm', { code, password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'That is not your password.' });
    // Neither switched it on nor handed out recovery codes, and the code was not used up.
    expect(await security(session)).toMatchObject({
      totp: { enabled: false },
      recoveryCodesLeft: 0,
    });
    const ok = await call(session, 'POST', '/totp/confirm', { code, password: admin.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().recoveryCodes).toHaveLength(10);
  });

  it('a passkey is added only with the password or a current code from the app', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const authenticator = new SoftAuthenticator(origin);
    const attempt = async (reauth: Record<string, string>) => {
      const options = (await call(session, 'POST', '/passkeys/options')).json();
      return call(session, 'POST', '/passkeys', {
        name: 'Laptop',
        response: authenticator.register(options),
        ...reauth,
      });
    };
    const without = await attempt({});
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields).toEqual({
      password: 'Enter your password (or a code from your authenticator app) to confirm',
    });
    const wrong = await attempt({ password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'That is not your password.' });
    expect(await security(session)).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });

    const ok = await attempt({ password: admin.password });
    expect(ok.statusCode, ok.body).toBe(201);

    // With the app on, a current code of it will do instead.
    const other = await createAdmin(app);
    const otherSession = await signIn(app, other);
    const secret = await enableTotp(app, other.id);
    const options = (await call(otherSession, 'POST', '/passkeys/options')).json();
    const byCode = await call(otherSession, 'POST', '/passkeys', {
      name: 'Key',
      response: new SoftAuthenticator(origin).register(options),
      code: totpCode(app, secret),
    });
    expect(byCode.statusCode, byCode.body).toBe(201);
  });
});

describe('recovery codes', () => {
  it('regenerates 10 new ones with the password; the old ones stop working', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const { recoveryCodes: old } = await setUpTotp(session);
    const res = await call(session, 'POST', '/recovery-codes', { password: admin.password });
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((c: string) => old.includes(c))).toBe(false);
    const rows = await app.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, admin.id));
    expect(rows).toHaveLength(10);
    expect(await auditActions(admin.username)).toContainEqual({
      action: 'recovery-codes-issued',
      details: null,
    });

    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: admin.password },
      headers: { origin },
    });
    const cookie = `tziyun_sign_in=${login.cookies.find((c) => c.name === 'tziyun_sign_in')!.value}`;
    const oldCode = await app.inject({
      method: 'POST',
      url: '/api/admin/login/second-factor',
      payload: { method: 'recovery-code', code: old[0] },
      headers: { origin, cookie },
    });
    expect(oldCode.statusCode).toBe(401);
  });

  it('are refused without a second factor, and without the re-check', async () => {
    const admin = await createAdmin(app);
    const session = await signIn(app, admin);
    const none = await call(session, 'POST', '/recovery-codes', { password: admin.password });
    expect(none.statusCode).toBe(409);
    await enableTotp(app, admin.id);
    const unchecked = await call(session, 'POST', '/recovery-codes', {});
    expect(unchecked.statusCode).toBe(400);
  });
});

describe('the TOTP parameters', () => {
  it('match RFC 6238’s SHA-1 test vector (6 digits)', () => {
    // RFC 6238, Appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits).
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(secret, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(secret, new Date(1111111109_000))).toBe('081804');
  });
});
