import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  ADMIN,
  ADMIN_PASSWORD,
  failOnPageErrors,
  OWNER,
  sectionLink,
  sectionNav,
  sectionRegion,
  signInByApi,
} from './support/admin';
import { holdRequests, toast } from './support/public-site';

/**
 * The administrators' side: sign-in against the server's session (spec 2 '/admin/login', 4
 * 'Admin session', 8 'Login Failed'), the dashboard shell and its first tabs. The accounts and the
 * dead job are made by scripts/e2e-server.mjs before the server starts.
 */

const PASSWORD = ADMIN_PASSWORD;
failOnPageErrors();

function loginForm(page: Page) {
  const form = page.getByRole('form', { name: 'Admin sign-in' });
  return {
    form,
    username: form.getByRole('textbox', { name: 'Username' }),
    password: form.getByLabel('Password'),
    submit: form.getByRole('button', { name: 'Access Admin Panel' }),
  };
}

async function signInThroughForm(page: Page, username: string, password = PASSWORD) {
  const f = loginForm(page);
  await f.username.fill(username);
  await f.password.fill(password);
  await f.submit.click();
}

/** Opens `path` signed in as `username` (signing in through the API, as the page would). */
async function openSignedIn(page: Page, username: string, path = '/admin') {
  await signInByApi(page, username);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

const tab = sectionLink;

function uniqueUsername(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

test.describe('signing in', () => {
  test('an anonymous visit goes to the sign-in page and comes back after it', async ({ page }) => {
    const held = await holdRequests(page, '**/api/admin/session');
    const response = await page.goto('/admin/donors');
    // Admin pages are never indexed.
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    // While the session is checked, an announced loading state.
    await held.arrived;
    await expect(
      page.getByRole('status').filter({ hasText: 'Checking your session' }),
    ).toBeVisible();
    held.release();

    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdonors');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await page.unroute('**/api/admin/session');
    await signInThroughForm(page, OWNER);

    await expect(page).toHaveURL('/admin/donors');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${OWNER}`);
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('the path and query are both kept for afterwards', async ({ page }) => {
    await page.goto('/admin/anything?from=2025-01-01');
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fanything%3Ffrom%3D2025-01-01');
    await signInThroughForm(page, OWNER);
    await expect(page).toHaveURL('/admin/anything?from=2025-01-01');
  });

  test('a wrong pair shows “Invalid credentials” and does not say which half', async ({ page }) => {
    await page.goto('/admin/login');
    const f = loginForm(page);
    for (const [username, password] of [
      [OWNER, 'not the password at all'],
      ['nobody-by-this-name', PASSWORD],
    ] as const) {
      await signInThroughForm(page, username, password);
      const shown = toast(page);
      await expect(shown).toHaveAttribute('data-variant', 'destructive');
      await expect(
        page.getByRole('alert').getByText('Login Failed', { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('alert').getByText('Invalid credentials')).toBeVisible();
      await expect(f.form.getByText('Invalid credentials', { exact: true })).toBeVisible();
      await expect(f.form).toHaveAccessibleDescription('Invalid credentials');
      // Nothing names the username or the password as the wrong one.
      await expect(page.locator('body')).not.toContainText(
        /(unknown|wrong|incorrect) (user|pass)/i,
      );
      await expect(page).toHaveURL('/admin/login');
      // Ready for another try: the password is cleared and focused, the name kept.
      await expect(f.password).toHaveValue('');
      await expect(f.password).toBeFocused();
      await expect(f.username).toHaveValue(username);
    }
    const session = await page.request.get('/api/admin/session');
    expect(session.status()).toBe(401);
  });

  test('an empty form gets the server’s messages under its fields', async ({ page }) => {
    await page.goto('/admin/login');
    const f = loginForm(page);
    await f.submit.click();
    await expect(f.username).toHaveAccessibleDescription('Username is required');
    await expect(f.password).toHaveAccessibleDescription('Password is required');
    await expect(f.username).toHaveAttribute('aria-invalid', 'true');
    await expect(f.username).toBeFocused();
  });

  test('signing in shows a pending state; a throttled attempt shows the server’s message', async ({
    page,
  }) => {
    await page.goto('/admin/login');
    const f = loginForm(page);
    const message = 'Too many sign-in attempts. Please wait 8 seconds and try again.';
    const held = await holdRequests(page, '**/api/admin/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '8' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'rate_limited', message } }),
      }),
    );
    await signInThroughForm(page, OWNER);
    await held.arrived;
    const pending = f.form.getByRole('button', { name: 'Signing in...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    held.release();

    await expect(f.form.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').getByText(message, { exact: true })).toBeVisible();
    await expect(f.submit).toBeEnabled();
    await expect(page).toHaveURL('/admin/login');
  });

  test('next is followed only to admin paths of this site', async ({ page }) => {
    await page.goto('/admin/login?next=%2F%2Fevil.example%2Fadmin');
    await signInThroughForm(page, OWNER);
    await expect(page).toHaveURL('/admin');

    // Signed in already: the sign-in page moves straight on, still never off the site.
    for (const next of ['https://evil.example/admin', '/donate', '/\\evil.example/admin']) {
      await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    }
  });

  test('the form can be completed with the keyboard alone', async ({ page }) => {
    await page.goto('/admin/login');
    const f = loginForm(page);
    await expect(f.submit).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(f.username).toBeFocused();
    await page.keyboard.type(OWNER);
    await page.keyboard.press('Tab');
    await expect(f.password).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    await expect(f.submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });
});

test('logging out ends the session, and its cookie no longer works', async ({ page, context }) => {
  await openSignedIn(page, OWNER);
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.httpOnly)).toBe(true);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin');

  // The old cookie, put back, is refused: the session ended on the server.
  await context.addCookies(cookies);
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});

test.describe('the dashboard', () => {
  test('a plain admin sees donors first but not the owner-only tabs', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${ADMIN}`);
    const tabs = sectionNav(page).getByRole('link');
    // Spec 2's four first, then this site's own.
    await expect(tabs).toHaveText([
      'Donor Management',
      'Video Management',
      'GoHighLevel CRM',
      'Zapier Integration',
      'Gifts Received',
      'Pledges',
      'Background Jobs',
      'Messages',
      'Applications',
      'Members',
      'Prayer List',
      'Subscribers',
      'Site Content',
      'Statements & Privacy',
      'Campaigns',
    ]);
    await expect(tab(page, 'Donor Management')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Donor Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Administrators' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    // And the server agrees.
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  });

  test('the sections are links: Tab reaches each, Enter opens one and moves the focus to it', async ({
    page,
  }) => {
    await openSignedIn(page, OWNER);
    const donors = tab(page, 'Donor Management');
    const videos = tab(page, 'Video Management');
    const audit = tab(page, 'Audit Log');
    await expect(donors).toHaveAttribute('aria-current', 'page');

    // From the header, Tab reaches the first section, then the next.
    await page.getByRole('button', { name: 'Logout' }).focus();
    await page.keyboard.press('Tab');
    await expect(donors).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(videos).toBeFocused();

    const expectOpen = async (link: typeof donors, heading: string, address: string) => {
      await expect(page).toHaveURL(address);
      await expect(link).toHaveAttribute('aria-current', 'page');
      const panel = sectionRegion(page, heading);
      await expect(panel).toBeFocused();
      await expect(panel.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(sectionNav(page).locator('[aria-current]')).toHaveCount(1);
    };
    await page.keyboard.press('Enter');
    await expectOpen(videos, 'Video Management', '/admin?section=videos');
    await expect(donors).not.toHaveAttribute('aria-current');

    // The last one, after every other link in the list.
    await audit.focus();
    await page.keyboard.press('Enter');
    await expectOpen(audit, 'Audit Log', '/admin?section=audit-log');
    // Shift+Tab from the section is back in the navigation.
    await page.keyboard.press('Shift+Tab');
    await expect(audit).toBeFocused();
  });

  test('the jobs tab counts jobs by status and retries a dead one', async ({ page }) => {
    await openSignedIn(page, OWNER);
    await tab(page, 'Background Jobs').click();
    const panel = sectionRegion(page, 'Background Jobs');
    const counts = panel.getByRole('definition');
    await expect(counts).toHaveCount(4);
    await expect(panel.getByTestId('job-count-dead')).toHaveText('1');

    await panel.getByLabel('Status', { exact: true }).selectOption('dead');
    const table = panel.getByRole('table', { name: 'Dead jobs' });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(2); // the header and the one dead job
    const row = rows.nth(1);
    await expect(row).toContainText('mail.send');
    await expect(row).toContainText('Dead');
    await expect(row).toContainText('10 / 10');
    await expect(row).toContainText('connect ECONNREFUSED');
    // Dates in the office's time zone.
    await expect(row.locator('time').first()).toHaveText(/ E[SD]T$/);
    const jobLabel = (await row.getByRole('cell').first().textContent())!;

    await row.getByRole('button', { name: `Retry job ${jobLabel}` }).click();
    await expect(page.getByRole('status').getByText('Job Retried')).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`Job ${jobLabel} is queued to run again.`);
    // The list is refreshed: nothing dead any more.
    await expect(panel.getByText('No dead jobs.')).toBeVisible();
    await expect(panel.getByTestId('job-count-dead')).toHaveText('0');

    // The worker then sends it (to the outbox folder, with no SMTP here).
    await panel.getByLabel('Status', { exact: true }).selectOption('');
    const retried = panel
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: jobLabel, exact: true }) });
    await expect(async () => {
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await expect(retried).toContainText('Succeeded', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(retried.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  });

  test('a retry the server refuses shows its answer in a toast', async ({ page }) => {
    await openSignedIn(page, OWNER);
    await tab(page, 'Background Jobs').click();
    // A listing that shows a dead job the server does not have.
    await page.route('**/api/admin/jobs?*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          counts: { pending: 0, running: 0, succeeded: 0, dead: 1 },
          jobs: [
            {
              id: 987654,
              kind: 'mail.send',
              status: 'dead',
              attempts: 10,
              maxAttempts: null,
              runAt: '2025-01-15T17:00:00.000Z',
              lastError: 'boom',
              createdAt: '2025-01-15T17:00:00.000Z',
              updatedAt: '2025-07-15T17:00:00.000Z',
              finishedAt: '2025-07-15T17:00:00.000Z',
            },
          ],
        }),
      }),
    );
    await sectionRegion(page, 'Background Jobs').getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('row').filter({ hasText: '#987654' });
    await expect(row).toContainText('10 / default');
    // Winter and summer: the zone follows New York's clock.
    await expect(row.locator('time').nth(0)).toHaveText('Jan 15, 2025, 12:00 PM EST');
    await expect(row.locator('time').nth(1)).toHaveText('Jul 15, 2025, 1:00 PM EDT');
    await row.getByRole('button', { name: 'Retry job #987654' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByText('Retry Failed', { exact: true })).toBeVisible();
    // The server's sentence, not led by the HTTP status.
    await expect(alert.getByText(/^(No such job|Only a dead job can be retried)$/)).toBeVisible();
  });

  test('the owner adds an administrator, ends their sessions and removes them', async ({
    page,
    browser,
  }) => {
    await openSignedIn(page, OWNER);
    await tab(page, 'Administrators').click();
    const panel = sectionRegion(page, 'Administrators');
    const table = panel.getByRole('table', { name: 'Administrator accounts' });
    await expect(table.getByRole('row').filter({ hasText: `${OWNER} (you)` })).toBeVisible();

    const form = panel.getByRole('form', { name: 'Add an administrator' });
    const username = form.getByRole('textbox', { name: 'Username' });
    const password = form.getByLabel('Password');

    // The server's rules, shown under the fields.
    await username.fill('X');
    await password.fill('short');
    await form.getByRole('button', { name: 'Add Administrator' }).click();
    await expect(username).toHaveAccessibleDescription(/Username must be 3 to 40 characters/);
    await expect(password).toHaveAccessibleDescription(/Password must be at least 12 characters/);
    await expect(username).toBeFocused();
    await expect(page.getByRole('alert').getByText('Could Not Add Administrator')).toBeVisible();

    const name = uniqueUsername('e2e-temp');
    await username.fill(name);
    await password.fill('a temporary password');
    await form.getByLabel('Role').selectOption('admin');
    await form.getByRole('button', { name: 'Add Administrator' }).click();
    await expect(page.getByRole('status').getByText('Administrator Added')).toBeVisible();
    await expect(username).toHaveValue('');
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('admin');
    await expect(row.getByRole('cell').nth(3)).toHaveText('0'); // no sessions yet

    // The same name again is refused, under the field.
    await username.fill(name);
    await password.fill('a temporary password');
    await form.getByRole('button', { name: 'Add Administrator' }).click();
    await expect(username).toHaveAccessibleDescription('That username is already taken');

    // They sign in elsewhere; the owner sees the session and ends it.
    const elsewhere = await signInElsewhere(browser, name, 'a temporary password');
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await row.getByRole('button', { name: `End sessions for ${name}` }).click();
    await expect(page.getByRole('status')).toContainText(`${name} was signed out of 1 session.`);
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    expect((await elsewhere.request.get('/api/admin/session')).status()).toBe(401);
    await elsewhere.close();

    // Removal asks first; Cancel keeps them.
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove administrator' });
    await expect(dialog).toContainText('Are you sure you want to remove this administrator?');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Remove ${name}` }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').getByText('Administrator Removed')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    // The audit log has it all.
    await tab(page, 'Audit Log').click();
    const log = page.getByRole('table', { name: 'Audit log entries' });
    for (const action of ['admin-created', 'sessions-ended', 'admin-removed']) {
      await expect(
        log.getByRole('row').filter({ hasText: action }).filter({ hasText: name }).first(),
      ).toContainText(OWNER);
    }
  });

  test('an ended session sends the open dashboard back to sign-in', async ({ page, browser }) => {
    // A throwaway administrator, so no other test's session is touched.
    const owner = await signInElsewhere(browser, OWNER, PASSWORD);
    const { csrfToken } = await (await owner.request.get('/api/admin/session')).json();
    const name = uniqueUsername('e2e-ended');
    const created = await owner.request.post('/api/admin/users', {
      headers: { 'x-csrf-token': csrfToken },
      data: { username: name, password: PASSWORD, role: 'admin' },
    });
    expect(created.status()).toBe(201);
    const { user } = await created.json();

    await openSignedIn(page, name);
    await tab(page, 'Background Jobs').click();
    const refresh = sectionRegion(page, 'Background Jobs').getByRole('button', { name: 'Refresh' });
    await expect(page.getByTestId('job-count-dead')).toBeVisible();
    const ended = await owner.request.post(`/api/admin/users/${user.id}/end-sessions`, {
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(await ended.json()).toEqual({ ended: 1 });

    // The next call is refused, and the page goes back to sign-in, to return here (the same
    // section) afterwards.
    await refresh.click();
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%3Fsection%3Djobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();

    await owner.request.delete(`/api/admin/users/${user.id}`, {
      headers: { 'x-csrf-token': csrfToken },
    });
    await owner.close();
  });
});

test.describe('accessibility', () => {
  test('axe finds nothing on the sign-in page, with and without an error', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(loginForm(page).submit).toBeVisible();
    await expectNoAxeViolations(page);
    await signInThroughForm(page, OWNER, 'wrong password, for the error state');
    await expect(loginForm(page).form.getByText('Invalid credentials')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // Every tab the owner sees is checked with axe: here, or in its own spec with the data it
  // shows. The first test fails when a tab is added to the dashboard without being placed.
  const checkedElsewhere: Record<string, string> = {
    'Donor Management': 'admin-donors.spec.ts',
    'Video Management': 'admin-videos.spec.ts (Upload, Manage, Moderate Comments)',
    'GoHighLevel CRM': 'admin-integrations.spec.ts',
    'Zapier Integration': 'admin-integrations.spec.ts',
    Messages: 'admin-inbox.spec.ts',
    Applications: 'admin-inbox.spec.ts',
    Subscribers: 'admin-inbox.spec.ts',
    Campaigns: 'admin-campaigns.spec.ts and campaign-ledger.spec.ts (with analytics)',
  };
  const checkedHere = [
    'Gifts Received',
    'Pledges',
    'Background Jobs',
    'Members',
    'Prayer List',
    'Site Content',
    'Statements & Privacy',
    'Administrators',
    'Audit Log',
  ];

  test('each tab of the dashboard has its axe check', async ({ page }) => {
    await openSignedIn(page, OWNER);
    const names = await sectionNav(page).getByRole('link').allTextContents();
    expect([...names].sort()).toEqual([...checkedHere, ...Object.keys(checkedElsewhere)].sort());
  });

  for (const name of checkedHere) {
    test(`axe finds nothing on the dashboard's ${name} tab`, async ({ page }) => {
      if (name === 'Members') {
        // An application makes a (pending) member, so the Members table has a row.
        const applied = await page.request.post('/api/membership-applications', {
          data: {
            firstName: 'Axe',
            lastName: 'Applicant',
            email: `axe-member-${Date.now()}@example.com`,
            membershipTier: 'spark',
          },
        });
        expect(applied.ok()).toBe(true);
      }
      await openSignedIn(page, OWNER);
      await tab(page, name).click();
      const panel = sectionRegion(page, name);
      await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(panel.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }
});

/** A second browser, signed in as `username`: another administrator's computer. */
async function signInElsewhere(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await context.request.post('/api/admin/login', {
    data: { username, password },
  });
  expect(response.status()).toBe(200);
  return context;
}
