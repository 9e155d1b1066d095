import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/public-site';

test('/test-stripe prints the configuration endpoint’s status, headers and body, never a secret', async ({
  page,
}) => {
  await gotoHydrated(page, '/test-stripe');
  const fetched = page.waitForResponse('**/api/stripe-config');
  await page.getByRole('button', { name: 'Test Payment Configuration' }).click();
  expect((await fetched).status()).toBe(200);
  await expect(page.getByText('200 OK')).toBeVisible();
  await expect(page.getByText('cache-control: no-store')).toBeVisible();
  const body = page.locator('pre').last();
  await expect(body).toContainText('"publishableKey": "pk_test_e2e_standin"');
  await expect(body).toContainText('"mode": "test"');
  await expect(page.getByText('Card payments are configured in test mode')).toBeVisible();
  expect(await page.locator('main').textContent()).not.toMatch(/sk_(test|live)_|whsec_/);
  await expectNoAxeViolations(page);
});
