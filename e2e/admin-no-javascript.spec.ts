import { expect, test } from '@playwright/test';

/**
 * The admin screens are drawn by scripts: without JavaScript, /admin/login says so in plain
 * words instead of showing a blank page, on a desk and on a phone.
 */
test.use({ javaScriptEnabled: false });

for (const [device, viewport] of [
  ['a desk', { width: 1280, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    test('the admin sign-in page says the admin area needs JavaScript, with a way back', async ({
      page,
    }) => {
      await page.goto('/admin/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
      // (Playwright's text engine skips <noscript>, so the words are read from its <main>.)
      await expect(page.getByRole('main')).toContainText(
        'The admin area needs JavaScript, and it is turned off or blocked in this browser.',
      );
      // Nothing runs off the side of a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: 'Back to the website' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}
