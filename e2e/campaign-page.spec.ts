import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshSlug, giveFromCampaignPage, publishCampaign } from './support/campaigns';
import { expectNoSidewaysScroll, trackPageErrors, uniqueEmail } from './support/public-site';
import { payByCard, serveStripeStandIn } from './support/stripe';

/**
 * The campaign page /campaign/:slug on a phone: read and given to without JavaScript (a plain
 * form to the checkout), and with it a gift through the card checkout to the thank-you, while
 * the page open beside it sees its thermometer move (the snapshot polled while no event stream
 * answers).
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A published campaign running now, made through the office's API. */
async function seedCampaign(request: APIRequestContext) {
  const { campaign } = await publishCampaign(request, {
    slug: freshSlug('giving-day'),
    title: 'Giving Day for the Tziyun',
    story: 'For **one day** the whole community gives together.',
    bonusGoals: [15_000],
    matchers: [{ name: 'The Klein Family', ratio: 1, cap: 5000 }],
  });
  return campaign.slug;
}

const raised = (page: Page) => page.getByRole('meter', { name: 'Raised so far' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the figures, the wall and a form that opens the checkout with the campaign named', async ({
    page,
    request,
  }) => {
    const slug = await seedCampaign(request);
    const response = await page.goto(`/campaign/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Giving Day for the Tziyun \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giving Day for the Tziyun');
    await expect(raised(page)).toBeVisible();
    await expect(page.getByText('raised of $10,000')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^Ends in 2[23] hours/);
    await expect(page.getByText('The Klein Family')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Donor wall' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Drawn without inline styles (the CSP refuses them): the bar is there without scripts too.
    expect(await raised(page).locator('rect').first().getAttribute('width')).toBe('0%');

    const form = page.locator('form#give');
    await form.getByRole('radio', { name: 'My initials' }).check();
    await form.getByRole('button', { name: /^Give/ }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?.*campaign=${slug}`));
    await expect(
      page.getByText(
        'For the campaign Giving Day for the Tziyun. On the donor wall: your initials.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the campaign' })).toHaveAttribute(
      'href',
      `/campaign/${slug}`,
    );
  });

  test('a draft or unknown campaign is the 404 page', async ({ page }) => {
    const response = await page.goto('/campaign/no-such-campaign-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

test('a gift from the page through the checkout to the thank-you moves the thermometer', async ({
  page,
  context,
  request,
}) => {
  // A card gift through the checkout and a poll of the snapshot (every 15 s) on a shared machine.
  test.setTimeout(120_000);
  const errors = trackPageErrors(page);
  const slug = await seedCampaign(request);

  // A second phone keeps the page open while the gift is made.
  const watcher = await context.newPage();
  await watcher.goto(`/campaign/${slug}`);
  await expect(raised(watcher)).toHaveAttribute('aria-valuenow', '0');

  await serveStripeStandIn(page);
  await page.goto(`/campaign/${slug}`);
  // The page as every visitor reads it, scripts or not (axe needs them to run).
  await expectNoAxeViolations(page);
  await giveFromCampaignPage(page, 50);

  await expect(page).toHaveURL(new RegExp(`/checkout\\?.*campaign=${slug}`));
  await expect(page.getByText('For the campaign Giving Day for the Tziyun.')).toBeVisible();
  await payByCard(page, { name: 'Miriam Campaign', email: uniqueEmail('campaign'), amount: 50 });
  const back = page.getByRole('link', { name: 'Back to the campaign' });
  await expect(back).toHaveAttribute('href', `/campaign/${slug}`);

  // $50 given and $50 matched: the open page learns it from the snapshot, without a reload.
  await expect(raised(watcher)).toHaveAttribute('aria-valuenow', '100', { timeout: 40_000 });
  await expect(watcher.getByText('Miriam Campaign')).toBeVisible();

  await back.click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${slug}$`));
  await expect(raised(page)).toHaveAttribute('aria-valuenow', '100');
  await expectNoSidewaysScroll(page);
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
