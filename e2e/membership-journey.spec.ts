import { expect, test, type Page } from '@playwright/test';
import siteConfig from '@site-config';
import { signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, mailTo } from './support/mail';
import {
  gotoHydrated,
  menuToggle,
  toast,
  trackPageErrors,
  uniqueEmail,
  waitForHydration,
} from './support/public-site';
import { cards, serveStripeStandIn } from './support/stripe';

/**
 * Every tier button leads into joining that tier, and the journey ends with an active
 * member: the application, then the first monthly payment (card or OJC) from the link in the
 * confirmation email (the welcome screen hands out none, ADR 045), then the welcome mail and the
 * member under Members.
 */

const tier = (id: string) => siteConfig.tiers.find((t) => t.id === id)!;

async function apply(page: Page, tierId: string) {
  await expect(page).toHaveURL(new RegExp(`/join\\?tier=${tierId}`));
  const form = page.getByRole('form', { name: 'Membership application' });
  await expect(form.getByRole('combobox', { name: 'Membership Tier' })).toHaveValue(tierId);
  const email = uniqueEmail(`join-${tierId}`);
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Chana');
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Weiss');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tziyun!' })).toBeVisible();
  const next = page.getByRole('region', { name: 'Complete your membership' });
  await expect(next).toContainText('The link to pay');
  await expect(next.getByRole('link', { name: /^Pay / })).toHaveCount(0);
  return email;
}

/** The confirmation email's link to pay, opened as the applicant does: the checkout. */
async function openMailedCheckout(page: Page, tierId: string, email: string) {
  const mail = await mailTo(email, new RegExp(`your ${tier(tierId).name} application`));
  expect(mail.text).toMatch(/^Shalom,$/m);
  const link = new URL(linkIn(mail, '/checkout?'));
  expect(link.searchParams.get('membership')).toBeTruthy();
  await page.goto(link.pathname + link.search);
  await waitForHydration(page);
  await expect(page.getByText(/This monthly gift is your membership/)).toBeVisible();
  // From the email, not the donate page: the way back goes home.
  await expect(page.getByRole('link', { name: /Back to Homepage/ })).toHaveAttribute('href', '/');
  // The name and email applied with are filled in, from the member's record.
  const form = page.locator('#main form');
  await expect(form.getByLabel('Full Name')).toHaveValue('Chana Weiss');
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  return form;
}

async function payByCard(page: Page, tierId: string, email: string) {
  const { price } = tier(tierId);
  const form = await openMailedCheckout(page, tierId, email);
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  await form.getByLabel('Card number').fill(cards.paying);
  const recorded = page.waitForResponse('**/api/record-donation');
  await page.getByRole('button', { name: `Complete Donation $${price}` }).click();
  expect(await (await recorded).json()).toMatchObject({
    donation: { amount: price * 100, donationType: 'subscription', status: 'succeeded' },
  });
  const thanks = page
    .getByRole('status')
    .filter({ hasText: 'Thank you for your generous donation!' });
  await expect(thanks).toBeVisible();
  // It says the membership has begun, not only that a gift came.
  await expect(thanks).toContainText('Your membership begins with this payment');
  await expect(page).toHaveURL(/\/donate$/);
}

/** The member is active: the welcome mail came, and Members lists them as active. */
async function expectActiveMember(page: Page, tierId: string, email: string) {
  const welcome = await mailTo(email, new RegExp(`Welcome to the ${tier(tierId).name}`));
  expect(welcome.text).toContain(tier(tierId).name);
  await signInByApi(page);
  const listed = await page.request.get(`/api/admin/members?tier=${tierId}&limit=100`);
  const { members } = (await listed.json()) as {
    members: { email: string; status: string; tier: string }[];
  };
  expect(members.find((m) => m.email === email)).toMatchObject({ status: 'active', tier: tierId });
}

test('home: a tier card’s button joins that tier, pays by card, and makes an active member', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  await serveStripeStandIn(page);
  await gotoHydrated(page, '/');
  const flame = tier('flame');
  await page
    .locator('#tiers')
    .getByRole('link', { name: `Support with $${flame.price}` })
    .click();
  const email = await apply(page, 'flame');
  await expectNoAxeViolations(page);
  await payByCard(page, 'flame', email);
  await expectActiveMember(page, 'flame', email);
  expect(errors).toEqual([]);
});

test('home: the mentorship circle’s Join Beacon Tier joins the Beacon tier', async ({ page }) => {
  await serveStripeStandIn(page);
  await gotoHydrated(page, '/');
  await page.getByRole('link', { name: 'Join Beacon Tier' }).click();
  const email = await apply(page, 'beacon');
  await payByCard(page, 'beacon', email);
  await expectActiveMember(page, 'beacon', email);
});

test('donate: a monthly tier card with OJC chosen joins that tier and pays by OJC first', async ({
  page,
}) => {
  await serveStripeStandIn(page);
  await gotoHydrated(page, '/donate');
  await page.getByRole('tab', { name: /Monthly/ }).click();
  await page.getByRole('radio', { name: /OJC/ }).check();
  const spark = tier('spark');
  await page.getByRole('link', { name: `Subscribe $${spark.price}/month` }).click();
  await expect(page).toHaveURL(/method=ojc/);
  const email = await apply(page, 'spark');

  // The mailed link opens the card checkout; the OJC card is offered beside it.
  await openMailedCheckout(page, 'spark', email);
  await page.getByRole('link', { name: 'Pay with an OJC charity card instead' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*method=ojc.*membership=/);
  // A full page load: pressed before hydration, the form posts without JavaScript (no toast).
  await waitForHydration(page);
  const form = page.locator('#main form');
  await expect(form.getByLabel('Full Name')).toHaveValue('Chana Weiss');
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: `Subscribe $${spark.price}/month via OJC` }).click();
  await expect(toast(page)).toContainText('Continue to OJC Fund');
  await page.waitForURL(/\/checkout\/ojc\/[0-9a-f-]{36}$/);
  await page.getByLabel('OJC card number').fill('6900 1234 5678 9012');
  const now = new Date();
  const expiry = `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Donation!' })).toBeVisible();
  await expect(page.getByText(/Your membership has begun/)).toBeVisible();
  await expectActiveMember(page, 'spark', email);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu offers Join, which opens the application of the popular tier', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await menuToggle(page).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Join', exact: true })
      .click();
    await expect(page).toHaveURL(/\/join$/);
    const popular = siteConfig.tiers.find((t) => t.popular)!;
    await expect(
      page
        .getByRole('form', { name: 'Membership application' })
        .getByRole('combobox', { name: 'Membership Tier' }),
    ).toHaveValue(popular.id);
  });

  test('a tier card joins and pays by card, on a phone too', async ({ page }) => {
    await serveStripeStandIn(page);
    await gotoHydrated(page, '/');
    const spark = tier('spark');
    await page
      .locator('#tiers')
      .getByRole('link', { name: `Support with $${spark.price}` })
      .click();
    const email = await apply(page, 'spark');
    await payByCard(page, 'spark', email);
    await expectActiveMember(page, 'spark', email);
  });
});
