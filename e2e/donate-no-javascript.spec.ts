import { expect, test } from '@playwright/test';

/**
 * Issue 15: the donate choice is a plain HTML form. Without JavaScript a preset comes back to
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
  await page.getByRole('button', { name: 'Donate $0' }).click();
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
