import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { failOnPageErrors, OWNER, ADMIN_PASSWORD, sectionLink } from './support/admin';
import { localhostServerForTests } from './support/localhost-server';
import {
  addVirtualAuthenticator,
  apiSignIn,
  createAccount,
  enableTotpByApi,
  totpCode,
  uniqueName,
} from './support/second-factor';

/**
 * A second factor for administrators (docs/decisions/018-admin-second-factor.md): the
 * authenticator app set up from Account security and asked for after the password, recovery
 * codes, passkeys through Chromium's virtual authenticator, and the owners' requirement that
 * makes an account enrol right after its password. Each test makes its own accounts, so the
 * shared ones (e2e-owner, e2e-admin) keep signing in with a password alone.
 */
failOnPageErrors();

const password = 'e2e second factor password';

function loginForm(page: Page) {
  const form = page.getByRole('form', { name: 'Admin sign-in' });
  return {
    username: form.getByRole('textbox', { name: 'Username' }),
    password: form.getByLabel('Password'),
    submit: form.getByRole('button', { name: 'Access Admin Panel' }),
  };
}

async function enterPassword(page: Page, base: string, username: string, secret = password) {
  await page.goto(`${base}/admin/login`);
  const f = loginForm(page);
  await f.username.fill(username);
  await f.password.fill(secret);
  await f.submit.click();
}

/** A made-up code that is none of the three the server would accept now. */
function wrongCode(secret: string) {
  const accepted = new Set([-1, 0, 1].map((step) => totpCode(secret, step)));
  for (let n = 0; ; n += 1) {
    const code = String(123456 + n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (!accepted.has(code)) return code;
  }
}

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });

/** An account of its own on the shared server, made by the e2e owner; signed in by password. */
async function newAccount(page: Page) {
  const username = uniqueName('tfa');
  const csrf = await apiSignIn(page.request, '', OWNER, ADMIN_PASSWORD);
  await createAccount(page.request, '', csrf, { username, password });
  // Forget the owner's session: the test signs in as the new account.
  await page.context().clearCookies();
  return username;
}

test.describe('the authenticator app', () => {
  test('is set up from Account security with its QR code, then asked for at sign-in', async ({
    page,
  }) => {
    const username = await newAccount(page);
    await enterPassword(page, '', username);
    await expect(dashboard(page)).toBeVisible();

    await page.getByRole('link', { name: 'Account security' }).click();
    await expect(page).toHaveURL('/admin/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Security' })).toBeVisible();
    const app = page.getByRole('region', { name: 'Authenticator app' });
    await expect(app).toContainText('Off');
    await expectNoAxeViolations(page);

    await app.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = app.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    // The QR image loads under the admin page's CSP (img-src data:).
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const key = app.getByLabel('Setup key');
    const secret = (await key.textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);

    // Without the password it stays off: a session left open cannot add a factor.
    const codeField = app.getByRole('textbox', { name: '6-digit code' });
    const passwordField = app.getByLabel('Your password');
    await codeField.fill(totpCode(secret));
    await app.getByRole('button', { name: 'Turn on' }).click();
    await expect(passwordField).toHaveAccessibleDescription(
      /Enter your password to confirm it is you/,
    );
    // A wrong code: plain words under the field, the app stays off.
    await passwordField.fill(password);
    await codeField.fill(wrongCode(secret));
    await app.getByRole('button', { name: 'Turn on' }).click();
    await expect(codeField).toHaveAccessibleDescription(/That code did not work/);
    await expect(page.locator('body')).not.toContainText(/\b(400|401|validation_failed)\b/);

    await codeField.fill(totpCode(secret));
    await app.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(app).toContainText('On since');
    await expect(page.getByRole('region', { name: 'Recovery codes' })).toContainText(
      '10 of 10 left',
    );
    // The secret is shown no more.
    await expect(page.locator('body')).not.toContainText(secret.slice(0, 8));

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/admin/login');

    // The password alone no longer opens the dashboard.
    await enterPassword(page, '', username);
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm it’s you' })).toBeVisible();
    expect((await page.request.get('/api/admin/session')).status()).toBe(401);
    await expectNoAxeViolations(page);
    const second = page.getByRole('form', { name: 'Second step' });
    const field = second.getByRole('textbox', { name: 'Authentication code' });
    await field.fill(wrongCode(secret));
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(/That code did not work/);
    await expect(field).toBeFocused();
    // The code that switched it on has been used: the app's next one signs in.
    await field.fill(totpCode(secret, 1));
    await field.press('Enter');
    await expect(dashboard(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${username}`);
  });
});

test.describe('recovery codes', () => {
  test('sign in once each, typed by keyboard, and a used one is refused', async ({ page }) => {
    const username = await newAccount(page);
    const csrf = await apiSignIn(page.request, '', username, password);
    const { recoveryCodes } = await enableTotpByApi(page.request, '', csrf, password);
    await page.context().clearCookies();
    const [code] = recoveryCodes;

    for (const attempt of ['first', 'again'] as const) {
      await enterPassword(page, '', username);
      const switchLink = page.getByRole('button', { name: 'Use a recovery code instead' });
      await switchLink.focus();
      await page.keyboard.press('Enter');
      const field = page.getByRole('textbox', { name: 'Recovery code' });
      await field.focus();
      await page.keyboard.type(code!.toLowerCase());
      await page.keyboard.press('Enter');
      if (attempt === 'first') {
        await expect(dashboard(page)).toBeVisible();
        await page.getByRole('button', { name: 'Logout' }).click();
        await expect(page).toHaveURL('/admin/login');
      } else {
        await expect(field).toHaveAccessibleDescription(
          /That recovery code did not work\. Each code works only once\.$/,
        );
        await expectNoAxeViolations(page);
      }
    }
    // Another of the codes still works.
    const field = page.getByRole('textbox', { name: 'Recovery code' });
    await field.fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(dashboard(page)).toBeVisible();
  });
});

/**
 * Passkeys need a host name for their relying party (a browser refuses 127.0.0.1), so these run
 * against a server of their own at http://localhost, one after the other.
 */
test.describe('on a server at localhost', () => {
  test.describe.configure({ mode: 'default' });
  const server = localhostServerForTests();

  test('a passkey is added in Account security, then signs in after the password', async ({
    page,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const { url } = server;
    const csrf = await apiSignIn(page.request, url, server.owner.username, server.owner.password);
    const username = uniqueName('passkey');
    await createAccount(page.request, url, csrf, { username, password });
    await page.context().clearCookies();

    await enterPassword(page, url, username);
    await expect(dashboard(page)).toBeVisible();
    await page.goto(`${url}/admin/account`);
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys).toContainText('None');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByRole('textbox', { name: 'Name of the passkey' }).fill('Virtual key');
    await expectNoAxeViolations(page);
    // Not without the password: nothing is created.
    await passkeys.getByRole('button', { name: 'Create the passkey' }).click();
    await expect(passkeys.getByLabel('Your password')).toHaveAccessibleDescription(
      /Enter your password to confirm it is you/,
    );
    expect(await authenticator.credentials()).toHaveLength(0);
    await passkeys.getByLabel('Your password').fill(password);
    await passkeys.getByRole('button', { name: 'Create the passkey' }).click();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText(
      'Virtual key',
    );
    await expect(passkeys).toContainText('Last used never');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await enterPassword(page, url, username);
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm it’s you' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(dashboard(page)).toBeVisible();

    await page.goto(`${url}/admin/account`);
    await expect(page.getByRole('region', { name: 'Passkeys' })).not.toContainText(
      'Last used never',
    );
  });

  test('when an owner requires a second factor, an account without one enrols right after its password', async ({
    page,
  }) => {
    const { url } = server;
    const ownerName = uniqueName('policy-owner');
    const newcomer = uniqueName('newcomer');
    let csrf = await apiSignIn(page.request, url, server.owner.username, server.owner.password);
    await createAccount(page.request, url, csrf, { username: ownerName, password, role: 'owner' });
    await createAccount(page.request, url, csrf, { username: newcomer, password });
    await page.context().clearCookies();

    // The owner sets up an app (required before requiring it), then requires it in the browser.
    csrf = await apiSignIn(page.request, url, ownerName, password);
    await enableTotpByApi(page.request, url, csrf, password);
    await page.goto(`${url}/admin`);
    await sectionLink(page, 'Administrators').click();
    const policy = page.getByRole('form', { name: 'Second factor for everyone' });
    const box = policy.getByRole('checkbox', {
      name: 'Require a second factor (an authenticator app or a passkey) of every administrator',
    });
    await box.check();
    await expectNoAxeViolations(page);
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').getByText('Security Setting Saved')).toBeVisible();
    await expect(
      page.getByRole('row', { name: new RegExp(newcomer) }).getByRole('cell', { name: 'None' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();

    // The newcomer: the password, then setting up an app before anything else.
    await enterPassword(page, url, newcomer);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Set up a second step' }),
    ).toBeVisible();
    expect((await page.request.get(`${url}/api/admin/session`)).status()).toBe(401);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    const secret = (await page.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
    await page.getByRole('textbox', { name: '6-digit code' }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'I have saved my codes: continue' }).click();
    await expect(dashboard(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${newcomer}`);
  });
});
