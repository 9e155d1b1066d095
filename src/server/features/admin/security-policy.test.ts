import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, adminSessions } from '~/db/schema';
import { auditEntries, createAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import {
  enableTotp,
  pendingCookieOf,
  requireSecondFactor,
  setUpSignInTests,
  totpCode,
} from '~tests/helpers/second-factor';
import { SoftAuthenticator } from '~tests/helpers/soft-authenticator';

/**
 * An owner requires a second factor of every administrator; an account without one enrols right
 * after its password, before it has any session (docs/decisions/018-admin-second-factor.md).
 */
const kit = setUpSignInTests();
const { login, step, enrolling, origin } = kit;

const setPolicy = (session: AdminSession, payload: unknown) =>
  kit.app.inject({
    method: 'PUT',
    url: '/api/admin/security-policy',
    headers: session.headers,
    payload: payload as object,
  });

describe('the owners’ setting', () => {
  it('starts off, and only owners read or change it', async () => {
    const read = await kit.app.inject({
      method: 'GET',
      url: '/api/admin/security-policy',
      headers: kit.owner.headers,
    });
    expect(read.json()).toEqual({ requireSecondFactor: false, updatedAt: null, updatedBy: null });
    const admin = await signIn(kit.app);
    expect(
      (
        await kit.app.inject({
          method: 'GET',
          url: '/api/admin/security-policy',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect((await setPolicy(admin, { requireSecondFactor: true })).statusCode).toBe(403);
  });

  it('refuses to require it while the owner has none themself', async () => {
    const res = await setPolicy(kit.owner, { requireSecondFactor: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Set up a second factor for your own account first/);
  });

  it('validates its input', async () => {
    for (const payload of [{}, { requireSecondFactor: 'yes' }, { requireSecondFactor: null }]) {
      const res = await setPolicy(kit.owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        requireSecondFactor: 'Choose whether a second factor is required',
      });
    }
  });

  it('when switched on: audited, and every account without a factor is signed out', async () => {
    const protectedOwner = await createAdmin(kit.app, { role: 'owner' });
    await enableTotp(kit.app, protectedOwner.id);
    const ownerSession = await signIn(kit.app, protectedOwner);
    const bare = await createAdmin(kit.app);
    await signIn(kit.app, bare);
    await signIn(kit.app, bare);
    const guarded = await createAdmin(kit.app);
    await enableTotp(kit.app, guarded.id);
    await signIn(kit.app, guarded);

    const res = await setPolicy(ownerSession, { requireSecondFactor: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      requireSecondFactor: true,
      updatedBy: protectedOwner.username,
      updatedAt: expect.any(String),
    });
    // The bare account's two sessions and the first owner's (no factor) are gone.
    expect(res.json().sessionsEnded).toBeGreaterThanOrEqual(2);
    const sessionsOf = async (id: string) =>
      kit.app.database.db.$count(adminSessions, eq(adminSessions.userId, id));
    expect(await sessionsOf(bare.id)).toBe(0);
    expect(await sessionsOf(guarded.id)).toBe(1);
    expect(await sessionsOf(protectedOwner.id)).toBe(1);
    const [entry] = await auditEntries(kit.app, 'settings-change', 'require-second-factor');
    expect(entry).toMatchObject({
      actorUsername: protectedOwner.username,
      details: { requireSecondFactor: true, was: false, sessionsEnded: res.json().sessionsEnded },
    });

    // Accounts list who has one.
    const users = await kit.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: ownerSession.headers,
    });
    const listed = users.json().users as { username: string; secondFactor: boolean }[];
    expect(listed.find((u) => u.username === bare.username)!.secondFactor).toBe(false);
    expect(listed.find((u) => u.username === guarded.username)!.secondFactor).toBe(true);

    const off = await setPolicy(ownerSession, { requireSecondFactor: false });
    expect(off.json()).toMatchObject({ requireSecondFactor: false, sessionsEnded: 0 });
  });
});

describe('an account without a second factor, when one is required', () => {
  it('gets no session after its password: it must enrol first (TOTP), then is signed in', async () => {
    await requireSecondFactor(kit.app, true);
    const admin = await createAdmin(kit.app);
    const res = await login(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ next: 'enrolment', expiresAt: expect.any(String) });
    expect(res.cookies.find((c) => c.name === 'tziyun_admin')).toBeUndefined();
    const cookie = pendingCookieOf(res);
    // With only the pending cookie, nothing of the admin area answers.
    const session = await kit.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(401);
    const donors = await kit.app.inject({ method: 'GET', url: '/api/donors', headers: { cookie } });
    expect(donors.statusCode).toBe(401);
    // It cannot skip to the second step either.
    expect(
      (await step('second-factor', cookie, { method: 'totp', code: '123456' })).statusCode,
    ).toBe(409);

    const setup = await step('enrolment/totp', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const wrong = await step('enrolment', cookie, {
      method: 'totp',
      code: totpCode(kit.app, secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toMatch(/That code did not work/);

    const done = await step('enrolment', cookie, {
      method: 'totp',
      code: totpCode(kit.app, secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      user: { id: admin.id, username: admin.username, role: 'admin' },
      csrfToken: expect.any(String),
      recoveryCodes: expect.any(Array),
    });
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(done.cookies.find((c) => c.name === 'tziyun_admin')).toBeDefined();
    expect(done.cookies.find((c) => c.name === 'tziyun_device')).toBeDefined();
    // Used up.
    expect((await step('enrolment/totp', cookie)).statusCode).toBe(401);

    const audit = await kit.app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.actorId, admin.id));
    expect(audit.map((e) => e.action)).toEqual([
      'sign-in-second-step',
      'second-factor-added',
      'sign-in',
    ]);
    expect(audit[2]!.details).toEqual({ enrolled: 'totp' });

    // The next sign-in asks for the code.
    kit.app.advanceClock(30_000);
    const next = await login(admin);
    expect(next.json()).toMatchObject({
      next: 'second-factor',
      methods: ['totp', 'recovery-code'],
    });
    await requireSecondFactor(kit.app, false);
  });

  it('may enrol a passkey instead', async () => {
    const { admin, cookie } = await enrolling();
    const options = await step('enrolment/passkey-options', cookie);
    expect(options.statusCode, options.body).toBe(200);
    const authenticator = new SoftAuthenticator(origin);
    const done = await step('enrolment', cookie, {
      method: 'passkey',
      name: 'Phone',
      response: authenticator.register(options.json()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);

    // And signs in with it next time.
    const next = await login(admin);
    expect(next.json().methods).toEqual(['passkey', 'recovery-code']);
    const pending = pendingCookieOf(next);
    const challenge = await step('passkey-options', pending);
    const signedIn = await step('second-factor', pending, {
      method: 'passkey',
      response: authenticator.assert(challenge.json()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await requireSecondFactor(kit.app, false);
  });

  it('cannot remove its last factor while it is required', async () => {
    await requireSecondFactor(kit.app, true);
    const admin = await createAdmin(kit.app);
    await enableTotp(kit.app, admin.id);
    const session = await signIn(kit.app, admin);
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/admin/account/totp/disable',
      headers: session.headers,
      payload: { password: admin.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/requires a second factor for every administrator/);
    const view = await kit.app.inject({
      method: 'GET',
      url: '/api/admin/account/security',
      headers: session.headers,
    });
    expect(view.json()).toMatchObject({ secondFactorRequired: true, hasSecondFactor: true });
    await requireSecondFactor(kit.app, false);
  });

  it('ends its enrolment after 5 wrong codes', async () => {
    const { cookie } = await enrolling();
    const { secret } = (await step('enrolment/totp', cookie)).json();
    const wrong = totpCode(kit.app, secret) === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await step('enrolment', cookie, { method: 'totp', code: wrong })).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 401]);
    expect((await step('enrolment/totp', cookie)).statusCode).toBe(401);
    await requireSecondFactor(kit.app, false);
  });

  it('enrolment lasts 15 minutes (time to install an app)', async () => {
    await requireSecondFactor(kit.app, true);
    const admin = await createAdmin(kit.app);
    const res = await login(admin);
    const left = new Date(res.json().expiresAt).getTime() - kit.app.clock().getTime();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    const cookie = pendingCookieOf(res);
    kit.app.advanceClock(15 * 60_000);
    expect((await step('enrolment/totp', cookie)).statusCode).toBe(401);
    await requireSecondFactor(kit.app, false);
  });
});
