import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshSlug, giveFromCampaignPage, publishCampaign } from './support/campaigns';
import { trackPageErrors, uniqueEmail } from './support/public-site';
import { payByCard, serveStripeStandIn } from './support/stripe';

/**
 * A team's page on a phone: opened from the team's link, read and given to without JavaScript,
 * and with it a card gift through the team that moves the team's thermometer and wall.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A published campaign running now and an approved team of it, made through the office's API. */
async function seedTeam(request: APIRequestContext) {
  const { campaign, csrfToken } = await publishCampaign(request, {
    slug: freshSlug('team-day'),
    title: 'Team Day for the Tziyun',
  });
  const headers = { 'x-csrf-token': csrfToken };
  const team = await request.post(`/api/admin/campaigns/${campaign.id}/teams`, {
    headers,
    data: {
      name: 'The Katz Family',
      leaderName: 'Reuven Katz',
      leaderEmail: 'reuven.katz@example.org',
      goal: 500,
      group: 'Beth Medrash',
    },
  });
  expect(team.status(), await team.text()).toBe(201);
  return {
    slug: campaign.slug,
    team: ((await team.json()) as { team: { slug: string } }).team.slug,
  };
}

const teamMeter = (page: Page) => page.getByRole('meter', { name: 'Raised by the team' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the team page reads whole and its form opens the checkout crediting the team', async ({
    page,
    request,
  }) => {
    const { slug, team } = await seedTeam(request);
    const response = await page.goto(`/campaign/${slug}/team/${team}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Katz Family');
    await expect(teamMeter(page)).toHaveAttribute('aria-valuenow', '0');
    await page.getByRole('button', { name: /^Give/ }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?.*campaign=${slug}.*team=${team}`));
    await expect(page.getByText(/through the team The Katz Family/)).toBeVisible();

    // The campaign page's leaderboard links to it.
    await page.goto(`/campaign/${slug}?board=donors`);
    await expect(page.getByRole('link', { name: 'Most donors' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByRole('link', { name: 'The Katz Family' })).toHaveAttribute(
      'href',
      `/campaign/${slug}/team/${team}`,
    );
    const unknown = await page.goto(`/campaign/${slug}/team/no-such-team`);
    expect(unknown?.status()).toBe(404);
  });
});

test('a card gift through the team moves the team’s thermometer and wall', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = trackPageErrors(page);
  const { slug, team } = await seedTeam(request);
  const teamUrl = `/campaign/${slug}/team/${team}`;

  // A second phone keeps the team page open while the gift is made.
  const watcher = await context.newPage();
  await watcher.goto(teamUrl);
  await expect(teamMeter(watcher)).toHaveAttribute('aria-valuenow', '0');

  await serveStripeStandIn(page);
  await page.goto(teamUrl);
  await expectNoAxeViolations(page);
  const form = page.locator('form#give');
  await expect(form.getByRole('heading', { name: 'Give through The Katz Family' })).toBeVisible();
  await giveFromCampaignPage(page, 50);

  await expect(page).toHaveURL(new RegExp(`/checkout\\?.*team=${team}`));
  await payByCard(page, { name: 'Miriam Teamwork', email: uniqueEmail('team'), amount: 50 });

  await page.goto(teamUrl);
  await expect(teamMeter(page)).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByText('Miriam Teamwork')).toBeVisible();
  // The open page learns it from the campaign's feed, without a reload.
  await expect(teamMeter(watcher)).toHaveAttribute('aria-valuenow', '50', { timeout: 40_000 });
  await expect(watcher.getByText('Miriam Teamwork')).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});
