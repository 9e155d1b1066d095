import { expect, test, type Page } from '@playwright/test';
import siteConfig from '@site-config';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated, trackPageErrors, waitForHydration } from './support/public-site';

/** Spec 2, /donate: tabs, presets, custom amount, the disabled button, banners, query clean-up. */

test('one-time tab: presets, custom amount, monthly checkbox and method lead to the checkout', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  await gotoHydrated(page, '/donate');
  // The form's own button (the hidden first one, for Enter, has the same words).
  const donate = page.locator('form[action="/checkout"] button[type="submit"]:not([name])').last();
  await expect(page.getByRole('tab', { name: 'One-Time' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(donate).toBeDisabled();
  await expect(donate).toHaveText('Choose an amount to donate');

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

test('/checkout without an amount goes to /donate, which says what is missing', async ({
  page,
}) => {
  await page.goto('/checkout?type=onetime');
  await expect(page).toHaveURL(/\/donate\?type=onetime&missing=amount$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support Our Sacred Mission');
  await expect(page.getByText('Choose an amount or type one, then press Donate.')).toBeVisible();
});

/** The donate page keeps its choice in the address. */
test.describe('the choice in the address', () => {
  const monthlyBox = (page: Page) => page.getByLabel('Make this a monthly recurring donation');
  const preset = (page: Page, amount: number) =>
    page.getByRole('button', { name: `$${amount}`, exact: true });

  test('Back from the checkout, and a reload, show the page as it was left', async ({ page }) => {
    const errors = trackPageErrors(page);
    await gotoHydrated(page, '/donate');
    await preset(page, 72).click();
    await monthlyBox(page).check();
    await page.getByRole('radio', { name: /OJC Fund/ }).check();
    // Each change replaced the address: no history entry per click.
    await expect(page).toHaveURL(/\/donate\?amount=72&type=subscription&method=ojc$/);
    expect(await page.evaluate(() => history.length)).toBe(2);
    await page.getByRole('button', { name: 'Donate $72/month' }).click();
    await expect(page).toHaveURL(/\/checkout\?amount=72&type=subscription&method=ojc$/);
    await expect(page.getByRole('button', { name: 'Subscribe $72/month via OJC' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/donate\?amount=72&type=subscription&method=ojc$/);
    await waitForHydration(page);
    const donate = page.getByRole('button', { name: /^Donate \$/ });
    await expect(donate).toHaveText('Donate $72/month');
    await expect(preset(page, 72)).toHaveAttribute('aria-pressed', 'true');
    await expect(monthlyBox(page)).toBeChecked();
    await expect(page.getByRole('radio', { name: /OJC Fund/ })).toBeChecked();

    // Another preset keeps the rest, on screen and in the address.
    await preset(page, 36).click();
    await expect(donate).toHaveText('Donate $36/month');
    await expect(monthlyBox(page)).toBeChecked();
    await expect(page.getByRole('radio', { name: /OJC Fund/ })).toBeChecked();
    await expect(page).toHaveURL(/\/donate\?amount=36&type=subscription&method=ojc$/);

    await page.reload();
    await waitForHydration(page);
    await expect(donate).toHaveText('Donate $36/month');
    await expect(preset(page, 36)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('radio', { name: /OJC Fund/ })).toBeChecked();
    expect(errors).toEqual([]);
  });

  test('a shared link opens with its choice, rendered by the server, with no hydration change', async ({
    page,
  }) => {
    const errors = trackPageErrors(page);
    const response = await page.request.get('/donate?amount=100&type=subscription&method=ojc');
    // In the first HTML: the button already says what it will do.
    expect(await response.text()).toContain('Donate $100/month</button>');
    await gotoHydrated(page, '/donate?amount=100&type=subscription&method=ojc');
    await expect(page.getByRole('button', { name: /^Donate \$/ })).toHaveText('Donate $100/month');
    await expect(preset(page, 100)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('radio', { name: /OJC Fund/ })).toBeChecked();
    await page.getByRole('button', { name: 'Donate $100/month' }).click();
    await expect(page).toHaveURL(/\/checkout\?amount=100&type=subscription&method=ojc$/);

    await gotoHydrated(page, '/donate?tab=monthly&method=ojc');
    await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('link', { name: 'Subscribe $180/month' })).toHaveAttribute(
      'href',
      '/join?tier=spark&method=ojc',
    );
    expect(errors).toEqual([]);
  });
});

/** The amount is checked where it is typed, with the server's limits. */
test('a typed 25001 or 12.5 says why under the field, and the button stays disabled', async ({
  page,
}) => {
  await gotoHydrated(page, '/donate');
  const custom = page.getByLabel('Custom amount (USD)');
  const donate = page.locator('form[action="/checkout"] button[type="submit"]:not([name])').last();
  await custom.fill('25001');
  const message = page.locator(`#${await custom.getAttribute('aria-describedby')}`);
  await expect(message).toHaveText(
    `The most we can take online is $25,000 per gift. For a larger gift, please call the office at ${siteConfig.contact.phone}.`,
  );
  await expect(message).toHaveAttribute('aria-live', 'polite');
  await expect(custom).toHaveAttribute('aria-invalid', 'true');
  await expect(donate).toBeDisabled();
  // Says what is wrong, never 'Donate $0' beside a typed 25001.
  await expect(donate).toHaveText('Enter $25,000 or less');
  await expectNoAxeViolations(page);
  await custom.press('Enter');
  await expect(page).toHaveURL(/\/donate\?amount=25001&type=onetime&method=credit_card$/);

  await custom.fill('12.5');
  await expect(page.locator(`#${await custom.getAttribute('aria-describedby')}`)).toHaveText(
    'Please enter whole dollars, without cents: $12 or $13.',
  );
  await expect(donate).toBeDisabled();
  await expect(donate).toHaveText('Enter whole dollars');

  await custom.fill('25000');
  await expect(custom).not.toHaveAttribute('aria-invalid', 'true');
  await expect(donate).toBeEnabled();
  // Enter in the field means Donate.
  await custom.press('Enter');
  await expect(page).toHaveURL(/\/checkout\?amount=25000&type=onetime&method=credit_card$/);
});

test('the checkout says plainly that an amount is over the limit, and leads back to choose another', async ({
  page,
}) => {
  await gotoHydrated(page, '/checkout?amount=25001&type=onetime&method=ojc');
  await expect(
    page.getByRole('heading', { name: 'This amount cannot be given online' }),
  ).toBeVisible();
  await expect(page.getByText(/The most we can take online is \$25,000 per gift/)).toBeVisible();
  await expect(page.getByText(/Nothing has been charged/)).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Choose another amount' }).click();
  await expect(page).toHaveURL(/\/donate\?amount=25001&type=onetime&method=ojc$/);
  await expect(page.getByLabel('Custom amount (USD)')).toHaveValue('25001');
  await expect(page.getByText(/^The most we can take online is \$25,000/)).toBeVisible();
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('choosing and giving fits the screen, and the checkout opens with the choice', async ({
    page,
  }) => {
    await gotoHydrated(page, '/donate');
    await page.getByRole('button', { name: '$250', exact: true }).tap();
    await page.getByLabel('Make this a monthly recurring donation').tap();
    await page.getByRole('radio', { name: /OJC Fund/ }).tap();
    await page.getByLabel('Custom amount (USD)').fill('12.5');
    await expect(
      page.getByText('Please enter whole dollars, without cents: $12 or $13.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel('Custom amount (USD)').fill('');
    await page.getByRole('button', { name: '$72', exact: true }).tap();
    const donate = page.getByRole('button', { name: 'Donate $72/month' });
    await donate.scrollIntoViewIfNeeded();
    await donate.tap();
    await expect(page).toHaveURL(/\/checkout\?amount=72&type=subscription&method=ojc$/);
    await expect(page.getByRole('button', { name: 'Subscribe $72/month via OJC' })).toBeVisible();
  });
});
