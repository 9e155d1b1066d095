import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { giveFromCampaignPage, seedLiveCampaign } from './support/campaigns';
import { trackPageErrors, uniqueEmail } from './support/public-site';
import { payByCard, serveStripeStandIn } from './support/stripe';

/**
 * A team's page on a phone: opened from the team's link, its photo and share links, read and
 * given to without JavaScript, and with it a card gift through the team that moves the team's
 * thermometer and wall.
 */
test.use({ viewport: { width: 390, height: 844 } });

/**
 * A published campaign running now and an approved team of it with its photo, made through the
 * office's API.
 */
async function seedTeam(request: APIRequestContext) {
  const { headers, campaign } = await seedLiveCampaign(request, 'team-day', {
    title: 'Team Day for the Tziyun',
  });
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
  const added = (await team.json()) as { team: { id: string; slug: string } };
  const photo = await request.post(
    `/api/admin/campaigns/${campaign.id}/teams/${added.team.id}/photo`,
    {
      headers,
      multipart: {
        file: { name: 'katz.jpg', mimeType: 'image/jpeg', buffer: await teamPhoto() },
      },
    },
  );
  expect(photo.status(), await photo.text()).toBe(200);
  return { slug: campaign.slug, team: added.team.slug };
}

function teamPhoto() {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
}

/** The team's photo, and a WhatsApp link carrying the team's page (the link that credits it). */
async function expectPhotoAndShare(page: Page, teamPath: string) {
  const photo = page.getByRole('img', { name: 'The Katz Family' });
  await expect(photo).toBeVisible();
  const share = page.getByRole('region', { name: 'Share this team' });
  const whatsapp = share.getByRole('link', { name: 'WhatsApp' });
  await whatsapp.scrollIntoViewIfNeeded();
  await expect(whatsapp).toBeVisible();
  const sent = new URL((await whatsapp.getAttribute('href'))!);
  expect(sent.origin).toBe('https://api.whatsapp.com');
  const text = sent.searchParams.get('text')!;
  expect(text).toContain('The Katz Family');
  expect(text).toMatch(new RegExp(`https?://[^ ]+${teamPath}$`));
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
    await expectPhotoAndShare(page, `/campaign/${slug}/team/${team}`);
    // Copying needs JavaScript: without it, the link is there to copy by hand.
    await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
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
  await expectPhotoAndShare(page, teamUrl);
  // The photo arrived from the media store, in one of its sizes.
  const photo = page.getByRole('img', { name: 'The Katz Family' });
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
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
