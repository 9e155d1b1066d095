import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const standInScript = readFileSync(new URL('./stripe-js-stand-in.js', import.meta.url), 'utf8');
const standInApi = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** A card number the Stripe stand-in accepts, and the one it declines (Stripe's test cards). */
export const cards = { paying: '4242424242424242', declined: '4000000000000002' };

/**
 * Pays on the card checkout as a donor does (name, email, the paying card, Complete Donation for
 * `amount` dollars) and waits for the thank-you.
 */
export async function payByCard(
  page: Page,
  { name, email, amount }: { name: string; email: string; amount: number },
) {
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  const checkout = page.locator('#main form');
  await checkout.getByLabel('Full Name').fill(name);
  await checkout.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await checkout.getByLabel('Card number').fill(cards.paying);
  await page.getByRole('button', { name: `Complete Donation $${amount}` }).click();
  await expect(page.getByText('Thank you for your generous donation!').first()).toBeVisible();
}

/**
 * Serves the stand-in Stripe.js in place of Stripe's script and routes the browser's calls to
 * Stripe's API to the local stand-in (scripts/e2e-payment-stand-ins.ts). Returns the Stripe.js
 * URLs the page asked for.
 */
export async function serveStripeStandIn(page: Page) {
  const scripts: string[] = [];
  await page.route('https://js.stripe.com/**', async (route) => {
    scripts.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: standInScript });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = route.request().url().replace('https://api.stripe.com', standInApi);
    const response = await route.fetch({ url });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  });
  return scripts;
}

/**
 * Presses the manage page's button and checks the browser was sent on to Stripe's customer
 * portal: a navigation to the portal session's address, redirected from the form's post. The
 * browser tests reach no outside host: in Chromium a page of our own answers at Stripe's address;
 * the headless shell does not route a redirect's target, so there the request itself is checked.
 */
export async function openCustomerPortal(page: Page) {
  const portal = /^https:\/\/billing\.stripe\.com\/p\/session\//;
  await page.route(portal, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Stripe portal</title><h1>Portal</h1>',
    }),
  );
  const sentToPortal = page.waitForRequest(portal, { timeout: 5_000 });
  await page.getByRole('button', { name: 'Change card or cancel' }).click();
  const request = await sentToPortal;
  expect(request.isNavigationRequest()).toBe(true);
  expect(request.frame()).toBe(page.mainFrame());
  expect(request.redirectedFrom()?.method()).toBe('POST');
  expect(new URL(request.redirectedFrom()!.url()).pathname).toBe('/donate/manage');
}
