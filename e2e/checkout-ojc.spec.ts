import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, mailTo } from './support/mail';
import { gotoHydrated, toast, trackPageErrors, uniqueEmail } from './support/public-site';

/**
 * The OJC Fund checkout (spec 2 and 4): the donor form, the 2 s wait after the toast, this site's
 * OJC payment page where the charity card is entered, OJC Fund's answer (a local stand-in, see
 * scripts/e2e-payment-stand-ins.ts) and the success card.
 */

const goodCard = '6900 1234 5678 9012';
/** Refused by the stand-in with OJC's 462 (card invalid or inactive). */
const inactiveCard = '6900000000000462';

function nextYearExpiry() {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

async function startOjcGift(page: Page, query: string, buttonName: string) {
  await gotoHydrated(page, `/checkout?${query}`);
  const form = page.locator('#main form');
  const email = uniqueEmail('ojc');
  await form.getByLabel('Full Name').fill('Leah Friedman');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Phone (optional)').fill('845-555-0100');
  const created = page.waitForResponse('**/api/ojc/create-payment');
  const started = Date.now();
  await page.getByRole('button', { name: buttonName }).click();
  expect((await created).status()).toBe(200);
  await expect(toast(page)).toContainText('Continue to OJC Fund');
  await page.waitForURL(/\/checkout\/ojc\/[0-9a-f-]{36}$/);
  // Spec 9: the payment page opens 2 s after the toast.
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await expect(page.getByRole('heading', { name: 'Pay with Your OJC Card' })).toBeVisible();
  return email;
}

async function pay(page: Page, card: string) {
  await page.getByLabel('OJC card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill(nextYearExpiry());
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('the OJC donor form’s validation messages, before anything is sent', async ({ page }) => {
  await gotoHydrated(page, '/checkout?amount=36&type=onetime&method=ojc');
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/ojc/')) sent += 1;
  });
  await page.getByRole('button', { name: 'Donate $36 via OJC' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.locator('#main form').getByLabel('Full Name').fill('L');
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page
    .locator('#main form')
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill('leah@');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(sent).toBe(0);
});

test('a one-time OJC gift: the payment page, a refused card, then the success card', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  await startOjcGift(page, 'amount=36&type=onetime&method=ojc', 'Donate $36 via OJC');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Pay $36.00' }).click();
  await expect(page.getByText('Card number is required')).toBeVisible();

  await pay(page, inactiveCard);
  await expect(toast(page)).toContainText('Payment Failed');
  await expect(
    page.locator('#main').getByRole('alert').filter({ hasText: 'invalid or inactive' }),
  ).toBeVisible();

  await pay(page, goodCard);
  await expect(page.getByRole('heading', { name: 'Thank You for Your Donation!' })).toBeFocused();
  await expect(
    page.getByText('A confirmation email with your receipt is on its way.'),
  ).toBeVisible();
  await expect(page.getByText('Your donation has been recorded with our office.')).toBeVisible();
  await expect(page.getByText(/charged automatically each month/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Coming back to the page later shows the success, never a second charge form.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Donation!' })).toBeVisible();
  await expect(page.getByLabel('OJC card number')).toHaveCount(0);
  expect(errors.filter((e) => !e.includes('status of 402'))).toEqual([]);
});

test('a monthly OJC gift: charged, its receipt’s link cancels it', async ({ page }) => {
  const email = await startOjcGift(
    page,
    'amount=72&type=subscription&method=ojc',
    'Subscribe $72/month via OJC',
  );
  await expect(page.getByText('Monthly donation')).toBeVisible();
  await pay(page, goodCard);
  await expect(page.getByRole('heading', { name: 'Thank You for Your Donation!' })).toBeVisible();
  await expect(page.getByText(/charged automatically each month/)).toBeVisible();

  const receipt = await mailTo(email, /receipt/i);
  expect(receipt.text).toContain('$72.00');
  expect(receipt.text).toContain('OJC Fund charity card');
  // The receipt's link, on this server (PUBLIC_URL is the e2e server's address).
  await gotoHydrated(page, linkIn(receipt, '/donate/cancel?token='));
  await expect(page.getByRole('heading', { name: 'Your Monthly OJC Gift' })).toBeVisible();
  await expect(page.getByText('$72.00 a month')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel my monthly gift' }).click();
  await expect(page.getByText('No further charges will be made.')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
});

test('a forged cancel link says it is not valid', async ({ page }) => {
  await gotoHydrated(page, '/donate/cancel?token=not-a-real-token');
  await expect(page.locator('#main').getByRole('alert')).toContainText('This link is not valid.');
});

test('an unknown OJC payment link says so', async ({ page }) => {
  await gotoHydrated(page, '/checkout/ojc/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Setup Error' })).toContainText(
    'This payment was not found',
  );
});
