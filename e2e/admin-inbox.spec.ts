import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { failOnPageErrors, openSection, signInByApi } from './support/admin';
import { toast, uniqueEmail } from './support/public-site';

/**
 * The inbox tabs: contact messages, membership applications and newsletter subscribers, fed
 * through the public API first, then read and changed from the dashboard.
 */

failOnPageErrors();

async function openSignedIn(page: Page) {
  await signInByApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

const openTab = openSection;

test('the Messages tab lists a new message and marks it read', async ({ page }) => {
  const name = `Visitor ${Date.now().toString(36)}`;
  const sent = await page.request.post('/api/contact', {
    data: { name, email: uniqueEmail('inbox'), message: 'Please tell me about the choir.' },
  });
  expect(sent.ok()).toBe(true);

  await openSignedIn(page);
  const panel = await openTab(page, 'Messages');
  const row = panel.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Please tell me about the choir.');
  await expect(row).toContainText('New');
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: /^Mark read/ }).click();
  await expect(toast(page)).toContainText('Marked Read');
  await expect(row).toContainText('Read');
  await expect(row.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);

  // The filter shows it among the read ones and not among the new.
  await panel.getByLabel('Status', { exact: true }).selectOption('read');
  await expect(panel.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await panel.getByLabel('Status', { exact: true }).selectOption('new');
  await expect(panel.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the Applications tab shows the intentions, changes status and saves notes', async ({
  page,
}) => {
  const lastName = `Applicant${Date.now().toString(36)}`;
  const applied = await page.request.post('/api/membership-applications', {
    data: {
      firstName: 'Ruth',
      lastName,
      email: uniqueEmail('applicant'),
      membershipTier: 'beacon',
      prayerIntentions: 'For my family in these months',
    },
  });
  expect(applied.ok()).toBe(true);

  await openSignedIn(page);
  const panel = await openTab(page, 'Applications');
  const row = panel.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('For my family in these months');
  await expectNoAxeViolations(page);

  await row.getByRole('combobox', { name: `Status of Ruth ${lastName}` }).selectOption('contacted');
  await expect(toast(page)).toContainText('Status Changed');
  await expect(row.getByRole('combobox', { name: `Status of Ruth ${lastName}` })).toHaveValue(
    'contacted',
  );

  await row
    .getByRole('textbox', { name: `Notes on Ruth ${lastName}` })
    .fill('Phoned, will visit on Sunday');
  await row.getByRole('button', { name: `Save notes on Ruth ${lastName}` }).click();
  await expect(toast(page)).toContainText('Notes Saved');
  await page.reload();
  const again = await openTab(page, 'Applications');
  await expect(
    again
      .getByRole('row')
      .filter({ hasText: lastName })
      .getByRole('textbox', { name: `Notes on Ruth ${lastName}` }),
  ).toHaveValue('Phoned, will visit on Sunday');
});

test('the Subscribers tab shows the address and downloads the CSV', async ({ page }) => {
  const email = uniqueEmail('subscriber');
  const signup = await page.request.post('/api/newsletter', { data: { email } });
  expect(signup.ok()).toBe(true);

  await openSignedIn(page);
  const panel = await openTab(page, 'Subscribers');
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Pending');
  await expect(panel.getByTestId('subscriber-count-pending')).not.toHaveText('0');
  await expectNoAxeViolations(page);

  const link = panel.getByRole('link', { name: 'Download CSV' });
  await expect(link).toHaveAttribute('href', '/api/admin/newsletter-subscribers.csv');
  await panel.getByLabel('Status', { exact: true }).selectOption('pending');
  await expect(link).toHaveAttribute(
    'href',
    '/api/admin/newsletter-subscribers.csv?status=pending',
  );

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d\d-\d\d\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFFEmail,Status,Subscribed,Confirmed');
  expect(text).toContain(`${email},pending,`);
});
