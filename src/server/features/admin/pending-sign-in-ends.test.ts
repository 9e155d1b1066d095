import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminPasskeys, adminPendingSignIns, adminTotp, adminUsers } from '~/db/schema';
import { createAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import {
  enableTotp,
  pendingCookieOf,
  requireSecondFactor,
  setUpSignInTests,
  totpCode,
} from '~tests/helpers/second-factor';
import { SoftAuthenticator } from '~tests/helpers/soft-authenticator';
import { changeAdminPassword } from './change-admin-password';
import {
  findPendingSignIn,
  lockAccountWithPassword,
  pendingEndedMessage,
} from './pending-sign-ins';
import { resetSecondFactor } from './reset-second-factor';
import { finishWithEnrolment } from './second-step';

/**
 * A sign-in waiting for its second step was promised at password time. A password reset,
 * "End sessions", a removed account and a changed second factor end it; and when it completes it
 * is checked again against the account as it is now, so an older one can neither finish nor
 * enrol its own factor (docs/decisions/018-admin-second-factor.md).
 */
const kit = setUpSignInTests();
const { login, step, enrolling, origin } = kit;
const newPassword = 'a brand new long password';

/** A call of the owners' list of accounts. */
const byOwner = (method: 'POST' | 'DELETE', url: string) =>
  kit.app.inject({ method, url, headers: kit.owner.headers });

const account = (session: AdminSession, path: string, payload?: unknown) =>
  kit.app.inject({
    method: 'POST',
    url: `/api/admin/account${path}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

function sessionOf(res: Awaited<ReturnType<typeof login>>) {
  return res.cookies.find((c) => c.name === 'tziyun_admin' && c.value !== '');
}

async function pendingRowsOf(userId: string) {
  return kit.app.database.db
    .select()
    .from(adminPendingSignIns)
    .where(eq(adminPendingSignIns.userId, userId));
}

/** An account with the app switched on, past its password: the pending cookie and the secret. */
async function pastPassword() {
  const admin = await createAdmin(kit.app);
  const secret = await enableTotp(kit.app, admin.id);
  const cookie = pendingCookieOf(await login(admin));
  return { admin, secret, cookie };
}

/** Expects the second step to be refused with "sign in again" and no session given. */
async function expectRefused(res: Awaited<ReturnType<typeof step>>) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json().error.message).toBe(pendingEndedMessage);
  expect(sessionOf(res)).toBeUndefined();
}

/** Expects the account to have no authenticator app switched on. */
async function expectNoAppSwitchedOn(userId: string) {
  const [totp] = await kit.app.database.db
    .select()
    .from(adminTotp)
    .where(eq(adminTotp.userId, userId));
  expect(totp?.enabledAt ?? null).toBeNull();
}

/**
 * Expects the app's code of the next time step (so that no replay rule is what refuses it) to be
 * refused as a sign-in that ended.
 */
async function expectNextCodeRefused(cookie: string, secret: string) {
  kit.app.advanceClock(30_000);
  await expectRefused(
    await step('second-factor', cookie, { method: 'totp', code: totpCode(kit.app, secret) }),
  );
}

const cli = () => ({ actor: null, ip: null, now: kit.app.clock() });

describe('a pending sign-in ends when its account changes', () => {
  it('a password reset on the command line ends it: the old password’s sign-in cannot finish', async () => {
    const { admin, secret, cookie } = await pastPassword();
    await changeAdminPassword(
      kit.app.database.db,
      { username: admin.username, password: newPassword },
      cli(),
    );
    expect(await pendingRowsOf(admin.id)).toEqual([]);
    await expectNextCodeRefused(cookie, secret);
  });

  it('“End sessions” in the owners’ list ends it', async () => {
    const { admin, secret, cookie } = await pastPassword();
    const ended = await byOwner('POST', `/api/admin/users/${admin.id}/end-sessions`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await pendingRowsOf(admin.id)).toEqual([]);
    await expectNextCodeRefused(cookie, secret);
  });

  it('removing the account ends it', async () => {
    const { admin, secret, cookie } = await pastPassword();
    const removed = await byOwner('DELETE', `/api/admin/users/${admin.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await expectNextCodeRefused(cookie, secret);
  });

  it('a reset of the second factor ends it', async () => {
    const { admin, cookie } = await pastPassword();
    await resetSecondFactor(kit.app.database.db, admin.username, cli());
    expect(await pendingRowsOf(admin.id)).toEqual([]);
    await expectRefused(await step('passkey-options', cookie));
  });

  it('a factor added, removed or new recovery codes elsewhere end it', async () => {
    // New recovery codes: a sign-in begun before cannot finish with one of the old ones.
    const first = await pastPassword();
    const session = await signIn(kit.app, first.admin);
    const issued = await account(session, '/recovery-codes', { password: first.admin.password });
    expect(issued.statusCode, issued.body).toBe(200);
    await expectRefused(
      await step('second-factor', first.cookie, {
        method: 'totp',
        code: totpCode(kit.app, first.secret),
      }),
    );

    // The app switched off.
    const second = await pastPassword();
    const off = await account(await signIn(kit.app, second.admin), '/totp/disable', {
      password: second.admin.password,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await pendingRowsOf(second.admin.id)).toEqual([]);

    // A passkey added.
    const third = await pastPassword();
    const thirdSession = await signIn(kit.app, third.admin);
    const options = await account(thirdSession, '/passkeys/options');
    const added = await account(thirdSession, '/passkeys', {
      name: 'Phone',
      response: new SoftAuthenticator(origin).register(options.json()),
      password: third.admin.password,
    });
    expect(added.statusCode, added.body).toBe(201);
    await expectRefused(
      await step('second-factor', third.cookie, {
        method: 'totp',
        code: totpCode(kit.app, third.secret),
      }),
    );
  });
});

describe('the attacks the review found', () => {
  it('a sign-in begun with the old password cannot enrol a factor after a reset', async () => {
    // Someone with the old password gets as far as the enrolment, QR code in hand.
    const { admin, cookie: attacker } = await enrolling();
    const setup = await step('enrolment/totp', attacker);
    expect(setup.statusCode).toBe(200);
    // The office resets the password.
    await changeAdminPassword(
      kit.app.database.db,
      { username: admin.username, password: newPassword },
      cli(),
    );
    const done = await step('enrolment', attacker, {
      method: 'totp',
      code: totpCode(kit.app, setup.json().secret),
    });
    await expectRefused(done);
    await expectNoAppSwitchedOn(admin.id);
    await requireSecondFactor(kit.app, false);
  });

  it('an older enrolling sign-in cannot plant an app on an account that has a passkey since', async () => {
    const { admin, cookie: attacker } = await enrolling();
    const { secret } = (await step('enrolment/totp', attacker)).json();

    // The administrator signs in and enrols a passkey.
    const own = pendingCookieOf(await login(admin));
    const options = await step('enrolment/passkey-options', own);
    const enrolled = await step('enrolment', own, {
      method: 'passkey',
      name: 'Phone',
      response: new SoftAuthenticator(origin).register(options.json()),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);

    const planted = await step('enrolment', attacker, {
      method: 'totp',
      code: totpCode(kit.app, secret),
    });
    await expectRefused(planted);
    const donors = await kit.app.inject({
      method: 'GET',
      url: '/api/donors',
      headers: { cookie: attacker },
    });
    expect(donors.statusCode).toBe(401);
    await expectNoAppSwitchedOn(admin.id);
    await requireSecondFactor(kit.app, false);
  });
});

describe('the check when a pending sign-in completes', () => {
  it('refuses one older than the account’s password, even if nothing ended it', async () => {
    const { admin, secret, cookie } = await pastPassword();
    await kit.app.database.db
      .update(adminUsers)
      .set({ passwordChangedAt: new Date(kit.app.clock().getTime() + 1000) })
      .where(eq(adminUsers.id, admin.id));
    await expectNextCodeRefused(cookie, secret);
  });

  it('refuses an enrolling one once the account has a factor, or the site no longer requires one', async () => {
    const { admin, cookie } = await enrolling();
    const { secret } = (await step('enrolment/totp', cookie)).json();
    // A passkey written behind the pending sign-in's back (no ending): the stage no longer fits.
    const [passkey] = await kit.app.database.db
      .insert(adminPasskeys)
      .values({
        userId: admin.id,
        credentialId: `cred-${admin.id}`,
        publicKey: 'AA',
        name: 'Key',
        createdAt: kit.app.clock(),
      })
      .returning();
    await expectRefused(
      await step('enrolment', cookie, { method: 'totp', code: totpCode(kit.app, secret) }),
    );
    await kit.app.database.db.delete(adminPasskeys).where(eq(adminPasskeys.id, passkey!.id));

    // Found while it still fitted, then the owners stop requiring a factor before it enrols.
    const next = await login(admin);
    const token = pendingCookieOf(next).split('=')[1]!;
    const pending = (await findPendingSignIn(kit.app.database.db, token, kit.app.clock()))!;
    expect(pending.stage).toBe('enrolment');
    const setup = (await step('enrolment/totp', pendingCookieOf(next))).json();
    await requireSecondFactor(kit.app, false);
    await expect(
      finishWithEnrolment(
        kit.app.database.db,
        pending,
        { method: 'totp', code: totpCode(kit.app, setup.secret) },
        {
          ip: '192.0.2.1',
          now: kit.app.clock(),
          idleMs: kit.app.adminAuth.idleMs,
          maxMs: kit.app.adminAuth.maxMs,
          rp: { id: 'tziyun.test', name: 'Tziyun Admin', origin },
        },
      ),
    ).rejects.toMatchObject({ statusCode: 401, message: pendingEndedMessage });
    await expectNoAppSwitchedOn(admin.id);
  });

  it('refuses a second-factor one whose account lost its factors behind its back', async () => {
    const { admin, secret, cookie } = await pastPassword();
    await kit.app.database.db.delete(adminTotp).where(eq(adminTotp.userId, admin.id));
    await expectRefused(
      await step('second-factor', cookie, { method: 'totp', code: totpCode(kit.app, secret) }),
    );
  });

  it('is not made at all when the password changed while it was being checked', async () => {
    const admin = await createAdmin(kit.app);
    const [row] = await kit.app.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.id));
    const db = kit.app.database.db;
    expect(
      await db.transaction((tx) => lockAccountWithPassword(tx, admin.id, row!.passwordHash)),
    ).toBe(true);
    await changeAdminPassword(db, { username: admin.username, password: newPassword }, cli());
    expect(
      await db.transaction((tx) => lockAccountWithPassword(tx, admin.id, row!.passwordHash)),
    ).toBe(false);
  });
});
