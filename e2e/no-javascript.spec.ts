import { expect, test } from '@playwright/test';

/** Issue 2: public pages are complete HTML and read fine with JavaScript off. */
test.use({ javaScriptEnabled: false });

test('the home page shows every section, its first slide and working links without JavaScript', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Where Prayers Become');
  await expect(page.getByRole('link', { name: 'Support Our Mission' })).toBeVisible();
  for (const text of ['Spark Tier', 'MOST POPULAR', 'Healing', 'Connect to Your Journey']) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  // Plain links still work: an anchor link and a route link.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect to Your Journey' }),
  ).toBeVisible();
});

test('the join and contact pages show their forms without JavaScript', async ({ page }) => {
  await page.goto('/join?tier=spark');
  await expect(page.getByText('What Happens Next?')).toBeVisible();
  await expect(page.getByText('$180', { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel('First Name')).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByLabel('Message')).toBeVisible();
});
