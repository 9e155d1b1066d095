import { expect, test } from '@playwright/test';
import siteConfig from '../site.config';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated, trackPageErrors } from './support/public-site';

/** Spec 2, /donate: tabs, presets, custom amount, the disabled button, banners, query clean-up. */

test('one-time tab: presets, custom amount, monthly checkbox and method lead to the checkout', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  await gotoHydrated(page, '/donate');
  const donate = page.getByRole('button', { name: /^Donate \$/ });
  await expect(page.getByRole('tab', { name: 'One-Time' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(donate).toBeDisabled();
  await expect(donate).toHaveText('Donate $0');

  for (const preset of [36, 72, 100, 250]) {
    await page.getByRole('button', { name: `$${preset}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `$${preset}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(donate).toHaveText(`Donate $${preset}`);
    await expect(donate).toBeEnabled();
  }

  const custom = page.getByLabel('Custom amount (USD)');
  await expect(custom).toHaveAttribute('min', '1');
  await expect(custom).toHaveAttribute('step', '1');
  await custom.fill('0');
  await expect(donate).toBeDisabled();
  await custom.fill('180');
  await expect(page.getByRole('button', { name: '$250', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.getByLabel('Make this a monthly recurring donation').check();
  await expect(donate).toHaveText('Donate $180/month');
  await custom.fill('');
  await expect(donate).toBeDisabled();
  await custom.fill('54');
  await page.getByRole('radio', { name: /OJC Fund/ }).check();
  await donate.click();
  await expect(page).toHaveURL(/\/checkout\?amount=54&type=subscription&method=ojc$/);
  await expect(page.getByRole('button', { name: 'Subscribe $54/month via OJC' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a one-time card gift goes to the checkout with the spec’s query', async ({ page }) => {
  await gotoHydrated(page, '/donate');
  await page.getByRole('button', { name: '$72', exact: true }).click();
  await page.getByRole('button', { name: 'Donate $72' }).click();
  await expect(page).toHaveURL(/\/checkout\?amount=72&type=onetime&method=credit_card$/);
});

test('monthly tab: the tiers by their donate names, each subscribing by the chosen method', async ({
  page,
}) => {
  await gotoHydrated(page, '/donate');
  const tabs = page.getByRole('tab');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  const monthly = page.getByRole('tab', { name: 'Monthly' });
  await expect(monthly).toBeFocused();
  await expect(monthly).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  for (const name of ['Spark', 'Flame', 'Illumination']) {
    await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(panel.getByText('Most Popular')).toHaveCount(1);
  for (const tier of siteConfig.tiers) {
    await expect(
      panel.getByRole('link', { name: `Subscribe $${tier.price}/month` }),
    ).toHaveAttribute('href', `/join?tier=${tier.id}&method=credit_card`);
  }
  // A tier is a membership: its button leads into joining it, with the method chosen here.
  await panel.getByRole('radio', { name: /OJC Fund/ }).check();
  await expect(panel.getByRole('link', { name: 'Subscribe $180/month' })).toHaveAttribute(
    'href',
    '/join?tier=spark&method=ojc',
  );
  await expectNoAxeViolations(page);
  await monthly.focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'One-Time' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('success=true shows the thank-you banner, then leaves the address', async ({ page }) => {
  await gotoHydrated(page, '/donate?success=true');
  await expect(page.getByText('Thank you for your generous donation!')).toBeVisible();
  await expect(page).toHaveURL(/\/donate$/);
  await expectNoAxeViolations(page);
});

test('an error flag shows the red banner with the office contacts, then leaves the address', async ({
  page,
}) => {
  await gotoHydrated(page, '/donate?error=payment_failed');
  const banner = page.getByRole('alert').filter({ hasText: 'There was an issue' });
  await expect(banner).toContainText(
    'There was an issue processing your payment. Please try again or contact us',
  );
  await expect(banner.getByRole('link', { name: siteConfig.contact.email })).toBeVisible();
  await expect(banner.getByRole('link', { name: siteConfig.contact.phone })).toBeVisible();
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByText('Thank you for your generous donation!')).toHaveCount(0);
});

test('the home page’s presets and tier buttons lead to the checkout', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.locator('#donate').getByRole('link', { name: /\$36/ }).click();
  await expect(page).toHaveURL(/\/checkout\?amount=36&type=subscription$/);
  await expect(page.getByText('$36 every month, by credit card.')).toBeVisible();
});

test('/checkout without an amount goes to /donate', async ({ page }) => {
  await page.goto('/checkout?type=onetime');
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support Our Sacred Mission');
});
