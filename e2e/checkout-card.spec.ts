import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, mailTo } from './support/mail';
import {
  gotoHydrated,
  holdRequests,
  toast,
  trackPageErrors,
  uniqueEmail,
} from './support/public-site';
import { cards, openCustomerPortal, serveStripeStandIn } from './support/stripe';

/**
 * The card checkout (spec 2 and 4) with Stripe.js served by a stand-in and Stripe's API answered
 * by the local Stripe stand-in: the server sets the payment up, the browser confirms it, and the
 * server records what Stripe reports.
 */

async function openCheckout(page: Page, query: string) {
  const scripts = await serveStripeStandIn(page);
  await gotoHydrated(page, `/checkout?${query}`);
  await expect(page.getByText('Setting up your payment...')).toHaveCount(0);
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  return scripts;
}

async function fillDonor(page: Page, name: string, email: string, card: string) {
  const form = page.locator('#main form');
  await form.getByLabel('Full Name').fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Card number').fill(card);
}

test('a one-time gift: Stripe.js from Stripe’s host, confirmed, recorded from Stripe, thank-you', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  const scripts = await openCheckout(page, 'amount=36&type=onetime&method=credit_card');
  expect(scripts).toEqual(['https://js.stripe.com/endive/stripe.js']);
  const button = page.getByRole('button', { name: 'Complete Donation $36' });
  await expect(button).toBeEnabled();
  await expectNoAxeViolations(page);

  await fillDonor(page, 'Miriam Cohen', uniqueEmail('card'), cards.paying);
  const setup = page.waitForRequest('**/api/create-payment-intent');
  const recorded = page.waitForResponse('**/api/record-donation');
  await button.click();
  const setupBody = (await setup).postDataJSON();
  expect(setupBody).toMatchObject({ amount: 36, name: 'Miriam Cohen', coverFee: false });
  expect(setupBody.idempotencyKey).toMatch(/^[\w-]{16,100}$/);
  const record = await recorded;
  expect(record.status()).toBe(200);
  expect(await record.json()).toMatchObject({
    success: true,
    donation: { amount: 3600, currency: 'usd', donationType: 'onetime', status: 'succeeded' },
  });
  await expect(toast(page)).toContainText('Payment Successful');
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByText('Thank you for your generous donation!')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the donor form’s validation messages (spec 5), before anything is sent', async ({ page }) => {
  await openCheckout(page, 'amount=72&type=onetime');
  let setups = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/create-')) setups += 1;
  });
  const button = page.getByRole('button', { name: 'Complete Donation $72' });
  await button.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await page.getByLabel('Full Name').fill(' A ');
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page
    .locator('#main')
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill('someone@example');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Full Name').fill('Avi');
  await page
    .locator('#main')
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill('avi@example.org');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  // The card field is Stripe's: its own message, and still nothing sent.
  await button.click();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
  expect(setups).toBe(0);
});

test('a declined card shows Payment Failed with Stripe’s message; the same payment then succeeds', async ({
  page,
}) => {
  await openCheckout(page, 'amount=100&type=onetime');
  await fillDonor(page, 'Yosef Levi', uniqueEmail('declined'), cards.declined);
  const intents: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/create-payment-intent'))
      intents.push(r.postDataJSON().idempotencyKey);
  });
  await page.getByRole('button', { name: 'Complete Donation $100' }).click();
  await expect(toast(page)).toContainText('Payment Failed');
  await expect(toast(page)).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('button', { name: 'Complete Donation $100' })).toBeEnabled();

  await page.getByLabel('Card number').fill(cards.paying);
  const recorded = page.waitForResponse('**/api/record-donation');
  await page.getByRole('button', { name: 'Complete Donation $100' }).click();
  expect(await (await recorded).json()).toMatchObject({ donation: { status: 'succeeded' } });
  // One payment set up for both attempts: the same idempotency key.
  expect(intents).toHaveLength(2);
  expect(intents[1]).toBe(intents[0]);
  await expect(page).toHaveURL(/\/donate$/);
});

test('a monthly gift sets up a subscription; covering the fee adds it and shows the total', async ({
  page,
}) => {
  await openCheckout(page, 'amount=36&type=subscription&method=credit_card');
  await expect(page.getByText('Monthly donation')).toBeVisible();
  await page.getByLabel(/to cover the card processing fee/).check();
  // (3600 + 30) / (1 - 0.029) rounded up = 3739: a fee of $1.39.
  await expect(page.getByText('Processing fee you cover')).toBeVisible();
  const button = page.getByRole('button', { name: 'Complete Donation $37.39' });
  await expect(button).toBeVisible();
  expect(
    await page.evaluate(() =>
      (
        window as unknown as {
          __stripeStandIn: { elementsOptions: { amount: number; mode: string }[] };
        }
      ).__stripeStandIn.elementsOptions.at(-1),
    ),
  ).toMatchObject({ amount: 3739, mode: 'subscription' });

  const email = uniqueEmail('monthly');
  await fillDonor(page, 'Rivka Stern', email, cards.paying);
  const setup = page.waitForRequest('**/api/create-subscription');
  const recorded = page.waitForResponse('**/api/record-donation');
  await button.click();
  expect((await setup).postDataJSON()).toMatchObject({ amount: 36, coverFee: true });
  expect(await (await recorded).json()).toMatchObject({
    donation: { amount: 3739, donationType: 'subscription', status: 'succeeded' },
  });
  await expect(page).toHaveURL(/\/donate$/);

  // The receipt carries the link to manage the gift: Stripe's customer portal, on a click.
  const receipt = await mailTo(email, /receipt/i);
  expect(receipt.text).toContain('$37.39');
  await gotoHydrated(page, linkIn(receipt, '/donate/manage?token='));
  await expect(page.getByRole('heading', { name: 'Your Monthly Gift' })).toBeVisible();
  await expect(page.getByText('$37.39 a month')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await openCustomerPortal(page);
});

test('“One-time donation instead” really makes a one-time payment', async ({ page }) => {
  await openCheckout(page, 'amount=72&type=subscription');
  await expect(page.getByText('$72 every month, by credit card.')).toBeVisible();
  await page.getByLabel('One-time donation instead').check();
  await expect(page.getByText('One-time donation', { exact: true })).toBeVisible();
  // The page's subtitle says what the button will do, not what the link asked for.
  await expect(page.getByText('$72 one-time gift, by credit card.')).toBeVisible();
  await fillDonor(page, 'Dovid Katz', uniqueEmail('instead'), cards.paying);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/create-')) calls.push(new URL(r.url()).pathname);
  });
  const recorded = page.waitForResponse('**/api/record-donation');
  await page.getByRole('button', { name: 'Complete Donation $72' }).click();
  expect(await (await recorded).json()).toMatchObject({
    donation: { donationType: 'onetime', status: 'succeeded' },
  });
  expect(calls).toEqual(['/api/create-payment-intent']);
});

test('a dedication goes with the gift', async ({ page }) => {
  await openCheckout(page, 'amount=18&type=onetime');
  await fillDonor(page, 'Sarah Adler', uniqueEmail('dedication'), cards.paying);
  await page.getByLabel('Dedicate this gift (optional)').check();
  await page.getByRole('button', { name: 'Complete Donation $18' }).click();
  await expect(page.getByText('Dedication name is required')).toBeVisible();
  await page.getByRole('radio', { name: 'In memory of' }).check();
  await page.getByLabel('Name of the person the gift is for').fill('Chaim ben Avraham');
  await expectNoAxeViolations(page);
  const setup = page.waitForRequest('**/api/create-payment-intent');
  await page.getByRole('button', { name: 'Complete Donation $18' }).click();
  expect((await setup).postDataJSON()).toMatchObject({
    dedication: { kind: 'memory', name: 'Chaim ben Avraham' },
  });
  await expect(page).toHaveURL(/\/donate$/);
});

test('the donor form is there before Stripe.js: only the card field waits for it', async ({
  page,
}) => {
  await serveStripeStandIn(page);
  // Held, then handed on to the stand-in.
  const stripeJs = await holdRequests(page, 'https://js.stripe.com/**', (route) =>
    route.fallback(),
  );
  const configCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/stripe-config') && configCalls.push(r.url()));
  await gotoHydrated(page, '/checkout?amount=36&type=onetime');
  await stripeJs.arrived;
  // Typing can start while Stripe.js is on its way; the button waits for the card field.
  const form = page.locator('#main form');
  await form.getByLabel('Full Name').fill('Rochel Katz');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('rochel@example.org');
  await expect(
    page.getByRole('status').filter({ hasText: 'Loading the secure card form' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Donation $36' })).toBeDisabled();
  await expectNoAxeViolations(page);
  stripeJs.release();
  await expect(page.getByRole('button', { name: 'Complete Donation $36' })).toBeEnabled();
  await expect(form.getByLabel('Full Name')).toHaveValue('Rochel Katz');
  expect(configCalls).toEqual([]);
});

test('Payment Setup Error when Stripe.js cannot load', async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  await gotoHydrated(page, '/checkout?amount=36&type=onetime');
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Setup Error' })).toContainText(
    'The secure card form could not be loaded from Stripe, our payment processor. No money was taken.',
  );
});

test('an amount over the limit is refused before the card form, saying why', async ({ page }) => {
  const scripts = await serveStripeStandIn(page);
  await gotoHydrated(page, '/checkout?amount=25001&type=onetime');
  await expect(page.getByText(/The most we can take online is \$25,000 per gift/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Complete Donation/ })).toHaveCount(0);
  // Nothing of Stripe loads for a gift that cannot be taken.
  expect(scripts).toEqual([]);
});

test('a refused setup reads as a sentence: no status, and that no money was taken', async ({
  page,
}) => {
  await openCheckout(page, 'amount=36&type=onetime');
  await page.route('**/api/create-payment-intent', (route) =>
    route.fulfill({
      status: 403,
      json: { error: { code: 'forbidden', message: 'Cross-site requests are not allowed.' } },
    }),
  );
  await fillDonor(page, 'Sarah Cohen', uniqueEmail('refused'), cards.paying);
  await page.getByRole('button', { name: 'Complete Donation $36' }).click();
  await expect(toast(page)).toContainText('Payment Failed');
  await expect(toast(page)).toContainText('No money was taken.');
  await expect(toast(page)).not.toContainText(/403|Cross-site/);
});

test('Back after a one-time gift says it was made, with a way to give again on purpose', async ({
  page,
}) => {
  await openCheckout(page, 'amount=36&type=onetime&method=credit_card');
  await fillDonor(page, 'Miriam Cohen', uniqueEmail('card-back'), cards.paying);
  const recorded = page.waitForResponse('**/api/record-donation');
  await page.getByRole('button', { name: 'Complete Donation $36' }).click();
  expect((await recorded).status()).toBe(200);
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByText('Thank you for your generous donation!')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/checkout\?amount=36&type=onetime&method=credit_card&gift=pi_/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your Gift Has Been Made' }),
  ).toBeVisible();
  await expect(page.getByText('Your $36.00 gift was received: thank you.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Complete Donation/ })).toHaveCount(0);
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Give again' }).click();
  await expect(page).toHaveURL(/\/checkout\?amount=36&type=onetime&method=credit_card$/);
  await expect(page.getByRole('button', { name: 'Complete Donation $36' })).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dedication and fee checkboxes are the same size', async ({ page }) => {
    await openCheckout(page, 'amount=36&type=onetime&method=credit_card');
    const size = async (name: RegExp) => {
      const box = await page.getByRole('checkbox', { name }).boundingBox();
      return { width: Math.round(box!.width), height: Math.round(box!.height) };
    };
    const dedication = await size(/Dedicate this gift/);
    expect(dedication).toEqual({ width: 20, height: 20 });
    expect(await size(/cover the card processing fee/)).toEqual(dedication);
  });
});
