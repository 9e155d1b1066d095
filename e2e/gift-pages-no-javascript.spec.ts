import { expect, test, type Browser } from '@playwright/test';
import { linkIn, mailTo } from './support/mail';
import { gotoHydrated, uniqueEmail } from './support/public-site';
import { cards, openCustomerPortal, serveStripeStandIn } from './support/stripe';

/**
 * The pages a monthly gift's receipt links to (ADR 038), with scripts blocked (a donor's phone,
 * a strict mail client's browser): the server renders the gift, and the button is a plain form.
 */
test.use({ javaScriptEnabled: false });

function nextYearExpiry() {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

/**
 * A monthly card gift, made where it can only be made: in a browser with JavaScript (Stripe's
 * card field). Answers the donor's address.
 */
async function monthlyCardGift(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, baseURL });
  try {
    const page = await context.newPage();
    await serveStripeStandIn(page);
    await gotoHydrated(page, '/checkout?amount=36&type=subscription&method=credit_card');
    await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
    const email = uniqueEmail('no-js-manage');
    const form = page.locator('#main form');
    await form.getByLabel('Full Name').fill('Rivka Stern');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByLabel('Card number').fill(cards.paying);
    const recorded = page.waitForResponse('**/api/record-donation');
    await page.getByRole('button', { name: 'Complete Donation $36' }).click();
    expect((await recorded).status()).toBe(200);
    return email;
  } finally {
    await context.close();
  }
}

test('a card gift’s manage link: the gift, and the button on to Stripe’s portal', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await monthlyCardGift(browser, baseURL!);
  const receipt = await mailTo(email, /receipt/i);
  await page.goto(linkIn(receipt, '/donate/manage?token='));
  await expect(page.getByRole('heading', { name: 'Your Monthly Gift' })).toBeVisible();
  await expect(page.getByText('Rivka Stern')).toBeVisible();
  await expect(page.getByText('$36.00 a month')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Loading your gift...')).toHaveCount(0);
  await openCustomerPortal(page);
});

test('an OJC gift’s cancel link: the gift, cancelled on the button, and not twice', async ({
  page,
}) => {
  const email = uniqueEmail('no-js-cancel');
  await page.goto('/checkout?amount=54&type=subscription&method=ojc');
  const checkout = page.locator('#main form');
  await checkout.getByLabel('Full Name').fill('Shira Klein');
  await checkout.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await checkout.getByRole('button', { name: 'Subscribe $54/month via OJC' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with Your OJC Card' })).toBeVisible();
  await page.getByLabel('OJC card number').fill('6900 1234 5678 9012');
  await page.getByLabel('Expiry (MM/YY)').fill(nextYearExpiry());
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Donation!' })).toBeVisible();

  const receipt = await mailTo(email, /receipt/i);
  const link = linkIn(receipt, '/donate/cancel?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your Monthly OJC Gift' })).toBeVisible();
  await expect(page.getByText('$54.00 a month')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel my monthly gift' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your monthly gift is cancelled.' }),
  ).toContainText('No further charges will be made. Thank you for your support.');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel my monthly gift' })).toHaveCount(0);

  // The link opened again later shows the gift as it is now, and offers nothing to press.
  await page.goto(link);
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('No further charges will be made.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel my monthly gift' })).toHaveCount(0);
});

test('a forged link says plainly it is not valid, with the office’s contact', async ({ page }) => {
  for (const path of ['/donate/manage?token=forged', '/donate/cancel?token=forged']) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(400);
    await expect(page.locator('#main').getByRole('alert')).toContainText('This link is not valid.');
    await expect(page.locator('#main')).toContainText('For help with your monthly gift');
  }
});
