import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/public-site';

test('the home page renders and hydrates', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  // Hydrated before the click: a click while React is still hydrating makes it render the rest
  // on the client (a recoverable error in the console), which is not what this test checks.
  await gotoHydrated(page, '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect to Your Journey' }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
