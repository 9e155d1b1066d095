import { expect, test, type Page } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '~tests/helpers/webhook-receiver';
import { expectNoAxeViolations } from './support/axe';
import { failOnPageErrors, openSection, sectionNav, signInByApi } from './support/admin';
import { toast } from './support/public-site';

/**
 * The dashboard's GoHighLevel CRM and Zapier Integration tabs (spec 2, 7, 8, 9). The e2e server
 * has no GoHighLevel settings, so the CRM tab is tested as 'not configured' against the real
 * server, and its configured states against answers given by the test (the server's side of
 * GHL is tested against a stand-in in src/server/features/integrations). Zapier posts to a
 * receiver this test runs on 127.0.0.1 (the e2e server allows loopback webhooks).
 */

failOnPageErrors();

async function openTab(page: Page, name: string) {
  await signInByApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  return openSection(page, name);
}

test('the tabs come in the spec’s order after the donor and video tabs', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin');
  const tabs = sectionNav(page).getByRole('link');
  // The tabs appear once the session is known: read them only then.
  await expect(tabs.filter({ hasText: 'Zapier Integration' })).toBeVisible();
  const names = await tabs.allTextContents();
  expect(names.indexOf('GoHighLevel CRM')).toBe(names.indexOf('Zapier Integration') - 1);
  expect(names.indexOf('GoHighLevel CRM')).toBeGreaterThan(names.indexOf('Donor Management'));
});

test.describe('GoHighLevel CRM', () => {
  test('not configured: the tab says so and how; the test says Connection Failed', async ({
    page,
  }) => {
    const panel = await openTab(page, 'GoHighLevel CRM');
    await expect(panel.getByRole('status').filter({ hasText: 'Not configured' })).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: 'Not configured' })).toContainText(
      'GHL_TOKEN',
    );
    await expect(panel.getByRole('search')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Test Connection' }).click();
    await expect(toast(page)).toContainText('Connection Failed');
  });

  const tags = ['donor', 'monthly-donor', 'newsletter', 'member-flame', 'contact-form'];
  const contact = (i: number, extra: object = {}) => ({
    id: `ct${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: `person${i}@example.org`,
    phone: null,
    tags: i === 0 ? tags : ['donor'],
    customFields: { donation_amount: i === 0 ? 36000 : null },
    dateAdded: '2026-05-01T14:00:00.000Z',
    ...extra,
  });

  async function connected(page: Page, contacts: unknown[]) {
    await page.route('**/api/ghl/test-connection', (route) =>
      route.fulfill({
        json: {
          success: true,
          configured: true,
          message: 'Connected to GoHighLevel: location loc1, 12 contacts.',
          error: null,
        },
      }),
    );
    await page.route('**/api/ghl/contacts?limit=50', (route) =>
      route.fulfill({ json: { success: true, contacts, message: 'ok' } }),
    );
  }

  test('connected: contact cards with two tags and “+N more tags” in a 600 px area', async ({
    page,
  }) => {
    await connected(
      page,
      Array.from({ length: 12 }, (_, i) => contact(i)),
    );
    const panel = await openTab(page, 'GoHighLevel CRM');
    await expect(panel.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
    const first = panel.getByRole('article', { name: 'First0 Last0' });
    await expect(first).toContainText('donor');
    await expect(first).toContainText('monthly-donor');
    await expect(first).not.toContainText('newsletter');
    await expect(first).toContainText('+3 more tags');
    await expect(first).toContainText('$360.00');
    const area = panel.getByRole('region', { name: 'Contacts' });
    expect((await area.boundingBox())!.height).toBe(600);
    await expectNoAxeViolations(page);
  });

  test('an empty CRM, and the toasts of a failed refresh and a failed test', async ({ page }) => {
    await connected(page, []);
    const panel = await openTab(page, 'GoHighLevel CRM');
    await expect(panel.getByText('No contacts in GoHighLevel yet.')).toBeVisible();

    await page.unroute('**/api/ghl/contacts?limit=50');
    await page.route('**/api/ghl/contacts?limit=50', (route) =>
      route.fulfill({
        json: { success: false, contacts: [], message: 'GoHighLevel answered 500' },
      }),
    );
    await panel.getByRole('button', { name: 'Refresh Contacts' }).click();
    await expect(toast(page)).toContainText('Failed to Load Contacts');

    await page.unroute('**/api/ghl/contacts?limit=50');
    await page.route('**/api/ghl/contacts?limit=50', (route) => route.abort());
    await panel.getByRole('button', { name: 'Refresh Contacts' }).click();
    await expect(toast(page)).toContainText('Error Loading Contacts');
    await expect(toast(page)).toContainText('Network error fetching contacts');

    await page.unroute('**/api/ghl/test-connection');
    await page.route('**/api/ghl/test-connection', (route) => route.abort());
    await panel.getByRole('button', { name: 'Test Connection' }).click();
    await expect(toast(page)).toContainText('Connection Error');
    await expect(toast(page)).toContainText('Network error connecting to GoHighLevel');
  });

  test('search by email: blank is ignored; found, not found and error', async ({ page }) => {
    await connected(page, [contact(1)]);
    const searches: string[] = [];
    await page.route('**/api/ghl/contact/*', (route) => {
      const email = decodeURIComponent(route.request().url().split('/').pop()!);
      searches.push(email);
      if (email === 'broken@example.org') return route.abort();
      if (email === 'found@example.org') {
        return route.fulfill({
          json: {
            success: true,
            contact: contact(7, { email, firstName: 'Found' }),
            message: 'ok',
          },
        });
      }
      return route.fulfill({
        json: {
          success: false,
          contact: null,
          message: 'No contact found with that email address',
        },
      });
    });
    const panel = await openTab(page, 'GoHighLevel CRM');
    const search = panel.getByRole('search', { name: 'Search contacts by email' });
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(200);
    expect(searches).toEqual([]);

    await search.getByLabel('Email address').fill('found@example.org');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(panel.getByRole('article', { name: 'Found Last7' })).toBeVisible();

    await search.getByLabel('Email address').fill('nobody@example.org');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(toast(page)).toContainText('Contact Not Found');
    await expect(toast(page)).toContainText('No contact found with that email address');

    await search.getByLabel('Email address').fill('broken@example.org');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(toast(page)).toContainText('Search Error');
    expect(searches).toEqual(['found@example.org', 'nobody@example.org', 'broken@example.org']);
  });
});

test.describe('Zapier Integration', () => {
  // One webhook setting for the whole site: these tests take turns.
  test.describe.configure({ mode: 'serial' });
  let receiver: WebhookReceiver;
  test.beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  test.afterAll(() => receiver.close());

  test('a blank URL says Invalid URL; a plain-http one Update Failed', async ({ page }) => {
    const panel = await openTab(page, 'Zapier Integration');
    const form = panel.getByRole('form', { name: 'Webhook URL' });
    await form.getByLabel('Webhook URL').fill('   ');
    await form.getByRole('button', { name: 'Save Webhook URL' }).click();
    await expect(toast(page)).toContainText('Invalid URL');
    await expect(toast(page)).toContainText('Please enter a valid webhook URL');

    await form.getByLabel('Webhook URL').fill('http://203.0.113.7/hooks/catch/1/x');
    await form.getByRole('button', { name: 'Save Webhook URL' }).click();
    await expect(toast(page)).toContainText('Update Failed');
    await expect(toast(page)).toContainText('must start with https://');
  });

  test('saving the receiver’s URL, a signed test event, the delivery log', async ({ page }) => {
    const panel = await openTab(page, 'Zapier Integration');
    const form = panel.getByRole('form', { name: 'Webhook URL' });
    await form.getByLabel('Webhook URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Save Webhook URL' }).click();
    await expect(toast(page)).toContainText('Webhook Saved');
    await expect(panel.getByText('Active', { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'Show Secret' }).click();
    const secret = (await panel.locator('code').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    receiver.trust(secret);

    await panel.getByRole('button', { name: 'Send Test Event' }).click();
    await expect(toast(page)).toContainText('Test Sent');
    const hit = receiver.received.at(-1)!;
    expect(hit.event.type).toBe('webhook.test');
    expect(hit.verifiedWith).toEqual([secret]);
    const log = panel.getByRole('region', { name: 'Webhook deliveries' });
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' }).first()).toContainText(
      'Delivered',
    );
    await expectNoAxeViolations(page);

    receiver.answerNext(500);
    await panel.getByRole('button', { name: 'Send Test Event' }).click();
    await expect(toast(page)).toContainText('Test Failed');
    await expect(toast(page)).toContainText('The receiver answered 500');
    const failed = log.getByRole('row').filter({ hasText: 'Failed' }).first();
    await expect(failed).toContainText('HTTP 500');

    receiver.answerNext(200);
    await failed.getByRole('button', { name: /^Resend/ }).click();
    await expect(toast(page)).toContainText('Delivery Resent');
  });

  test('the test’s error toast when the server cannot be reached', async ({ page }) => {
    const panel = await openTab(page, 'Zapier Integration');
    await page.route('**/api/zapier/test', (route) => route.abort());
    await panel.getByRole('button', { name: 'Send Test Event' }).click();
    await expect(toast(page)).toContainText('Test Error');
  });
});

test('an empty delivery log and no secret before a webhook is set', async ({ page }) => {
  await page.route('**/api/zapier/status', (route) =>
    route.fulfill({
      json: {
        configured: false,
        webhookUrl: null,
        message: 'No webhook URL is set: events are not sent to Zapier.',
        enabled: false,
        disabledAt: null,
        disabledReason: null,
        previousSecretExpiresAt: null,
      },
    }),
  );
  await page.route('**/api/zapier/deliveries', (route) =>
    route.fulfill({ json: { deliveries: [] } }),
  );
  const panel = await openTab(page, 'Zapier Integration');
  await expect(panel.getByRole('status').filter({ hasText: 'Not configured' })).toBeVisible();
  await expect(panel.getByText('No deliveries yet.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Show Secret' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Send Test Event' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
