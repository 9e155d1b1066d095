import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { publishCampaign } from './support/campaigns';
import { linkIn, mailTo, openWithButton } from './support/mail';
import { gotoHydrated, uniqueEmail } from './support/public-site';
import { cards, serveStripeStandIn } from './support/stripe';

/**
 * A donor gives to a campaign by card, shown in full on its wall, then chooses initials in My
 * giving; the campaign's snapshot (what its page and stream show) follows at once.
 */
failOnPageErrors();

/** The office publishes a campaign open now, through the admin API. */
async function publishForDonor(page: Page, slug: string) {
  await publishCampaign(page.request, { slug, title: 'Wall Choice Day' });
  // The donor's browser is not the office's.
  await page.context().clearCookies();
}

async function wallNames(page: Page, slug: string) {
  const res = await page.request.get(`/api/campaigns/${slug}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { wall: { name: string }[] }).wall.map((entry) => entry.name);
}

test('a donor changes the wall choice in My giving and the campaign’s wall follows', async ({
  page,
}) => {
  const slug = `wall-${Date.now().toString(36)}`;
  const email = uniqueEmail('wall');
  await publishForDonor(page, slug);

  await serveStripeStandIn(page);
  await gotoHydrated(page, `/checkout?amount=36&type=onetime&campaign=${slug}&wall=full`);
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  const form = page.locator('#main form');
  await form.getByLabel('Full Name').fill('Reuven Katz');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Card number').fill(cards.paying);
  const recorded = page.waitForResponse('**/api/record-donation');
  await page.getByRole('button', { name: 'Complete Donation $36' }).click();
  expect((await recorded).status()).toBe(200);
  await expect.poll(() => wallNames(page, slug)).toContain('Reuven Katz');

  await page.goto('/my-giving');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  const link = new URL(linkIn(await mailTo(email, /Your giving/), '/my-giving?token='));
  await openWithButton(page, link, 'Show my giving');
  const choice = page.getByLabel('On the donor wall of Wall Choice Day');
  await expect(choice).toHaveValue('full');
  await expectNoAxeViolations(page);
  await choice.selectOption('initials');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'donor wall is saved' })).toBeVisible();
  await expect(page.getByLabel('On the donor wall of Wall Choice Day')).toHaveValue('initials');

  const names = await wallNames(page, slug);
  expect(names).toContain('R. K.');
  expect(names).not.toContain('Reuven Katz');
});
