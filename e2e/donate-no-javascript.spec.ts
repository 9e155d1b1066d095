import { expect, test } from '@playwright/test';
import { signInByApi } from './support/admin';
import { uniqueEmail } from './support/public-site';

/** Refused by the OJC stand-in with OJC's 462 (card invalid or inactive). */
const inactiveOjcCard = '6900000000000462';

function nextYearExpiry() {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

/**
 * The donate choice is a plain HTML form. Without JavaScript a preset comes back to
 * /donate with its amount chosen (and the rest of the form as it was); Donate opens the checkout
 * with the amount, the type and the method.
 */
test.use({ javaScriptEnabled: false });

test('choose a preset and a method, press Donate: the checkout opens with that amount', async ({
  page,
}) => {
  await page.goto('/donate');
  await page.getByRole('radio', { name: /OJC Fund/ }).check();
  await page.getByRole('button', { name: '$72', exact: true }).click();
  await expect(page).toHaveURL(/\/donate\?amount=72&/);
  await expect(page.getByRole('button', { name: '$72', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The method chosen before the preset came back with it.
  await expect(page.getByRole('radio', { name: /OJC Fund/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Donate $72' })).toBeVisible();
  await page.getByRole('button', { name: 'Donate $72' }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByText('$72 one-time gift, by OJC Fund charity card.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Donate $72 via OJC' })).toBeVisible();
});

test('a typed amount, monthly, by Enter in the field: the checkout opens with it', async ({
  page,
}) => {
  await page.goto('/donate?amount=100');
  await page.getByLabel('Make this a monthly recurring donation').check();
  await page.getByRole('radio', { name: /OJC Fund/ }).check();
  // Typed over the chosen preset: the typed amount wins.
  await page.getByLabel('Custom amount (USD)').fill('54');
  await page.getByLabel('Custom amount (USD)').press('Enter');
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByText('$54 every month, by OJC Fund charity card.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe $54/month via OJC' })).toBeVisible();
});

test('the browser refuses an amount outside the limits before anything is sent', async ({
  page,
}) => {
  await page.goto('/donate');
  await page.getByLabel('Custom amount (USD)').fill('25001');
  await page.getByRole('button', { name: 'Choose an amount to donate' }).click();
  await expect(page).toHaveURL(/\/donate$/);
  expect(
    await page
      .getByLabel('Custom amount (USD)')
      .evaluate((input: HTMLInputElement) => input.validity.rangeOverflow),
  ).toBe(true);
});

test('a shared link shows its choice and its message without JavaScript', async ({ page }) => {
  await page.goto('/donate?amount=12.5&type=subscription&method=ojc');
  await expect(page.getByLabel('Custom amount (USD)')).toHaveValue('12.5');
  await expect(
    page.getByText('Please enter whole dollars, without cents: $12 or $13.'),
  ).toBeVisible();
  await expect(page.getByLabel('Make this a monthly recurring donation')).toBeChecked();
  await expect(page.getByRole('radio', { name: /OJC Fund/ })).toBeChecked();
});

/**
 * The checkouts without JavaScript. The OJC checkout posts to its page and goes on to
 * the payment page, whose card form posts too; the card checkout, which needs Stripe.js, says so
 * and offers OJC or the office.
 */
test('an OJC gift from the checkout to the thank-you, with a refused card on the way', async ({
  page,
}) => {
  const email = uniqueEmail('no-js-ojc');
  await page.goto('/checkout?amount=54&type=onetime&method=ojc');
  const checkout = page.locator('#main form');
  await checkout.getByLabel('Full Name').fill('S');
  await checkout.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await checkout.getByLabel('Dedicate this gift (optional)').check();
  // The dedication's fields open without scripts (CSS follows the checkbox).
  await expect(checkout.getByLabel('Name of the person the gift is for')).toBeVisible();
  await checkout.getByRole('button', { name: 'Donate $54 via OJC' }).click();
  await expect(checkout.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(checkout.getByText('Dedication name is required')).toBeVisible();
  await expect(checkout.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);

  await checkout.getByLabel('Full Name').fill('Shira Klein');
  await checkout.getByRole('radio', { name: 'In memory of' }).check();
  await checkout.getByLabel('Name of the person the gift is for').fill('Avraham ben Sarah');
  await checkout.getByRole('button', { name: 'Donate $54 via OJC' }).click();
  await expect(page).toHaveURL(/\/checkout\/ojc\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Pay with Your OJC Card' })).toBeVisible();

  await page.getByLabel('OJC card number').fill(inactiveOjcCard);
  await page.getByLabel('Expiry (MM/YY)').fill(nextYearExpiry());
  await page.getByRole('button', { name: 'Pay $54.00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'invalid or inactive' })).toBeVisible();
  // The number is never written back into the page.
  await expect(page.getByLabel('OJC card number')).toHaveValue('');

  await page.getByLabel('OJC card number').fill('6900 1234 5678 9012');
  await page.getByLabel('Expiry (MM/YY)').fill(nextYearExpiry());
  await page.getByRole('button', { name: 'Pay $54.00' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Donation!' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Donation!' })).toBeVisible();

  await signInByApi(page);
  const listed = await page.request.get(`/api/admin/donors?search=${encodeURIComponent(email)}`);
  const body = JSON.stringify(await listed.json());
  expect(body).toContain('Shira Klein');
  expect(body).toContain('"amount":5400');
});

test('the card checkout says it needs JavaScript and offers OJC or the office', async ({
  page,
}) => {
  await page.goto('/checkout?amount=36&type=onetime');
  await expect(page.getByLabel('Full Name')).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'the card field needs JavaScript' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('No money has been taken');
  // An address is written to, a number called: never 'call the office at office@…'.
  await expect(notice).toContainText('or reach the office by email or phone:');
  await expect(notice).not.toContainText(/call the office at \S+@/);
  await expect(page.getByRole('button', { name: 'Complete Donation $36' })).toBeDisabled();
  await page.getByRole('link', { name: 'Give with an OJC charity card instead' }).click();
  await expect(page).toHaveURL(/\/checkout\?amount=36&type=onetime&method=ojc$/);
  await expect(page.getByRole('button', { name: 'Donate $36 via OJC' })).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Monthly tab opens without JavaScript, and its tiers lead into joining', async ({
    page,
  }) => {
    await page.goto('/donate');
    await page.getByRole('tab', { name: 'Monthly' }).click();
    await expect(page).toHaveURL(/\/donate\?type=onetime&method=[a-z_]+&tab=monthly$/);
    await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const tier = page.getByRole('link', { name: /^Subscribe \$\d+\/month$/ }).first();
    await expect(tier).toBeVisible();
    await tier.click();
    await expect(page).toHaveURL(/\/join\?tier=/);
    await page.goBack();
    await page.getByRole('tab', { name: 'One-Time' }).click();
    await expect(page.getByLabel('Custom amount (USD)')).toBeVisible();
  });

  test('Donate without an amount says what is missing, and keeps the choice', async ({ page }) => {
    await page.goto('/donate');
    const donate = page.getByRole('button', { name: 'Choose an amount to donate' });
    await expect(donate).toBeVisible();
    await expect(page.getByText('Donate $0')).toHaveCount(0);
    await page.getByRole('radio', { name: /OJC Fund/ }).check();
    await donate.click();
    await expect(page).toHaveURL(/\/donate\?type=onetime&method=ojc&missing=amount$/);
    await expect(page.getByText('Choose an amount or type one, then press Donate.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /OJC Fund/ })).toBeChecked();
    await page.getByLabel('Custom amount (USD)').fill('18');
    await page.getByRole('button', { name: 'Choose an amount to donate' }).click();
    await expect(page.getByText('$18 one-time gift, by OJC Fund charity card.')).toBeVisible();
  });
});
