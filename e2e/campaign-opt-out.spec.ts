import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { seedLiveCampaign } from './support/campaigns';
import { linkIn, mailTo } from './support/mail';
import { gotoHydrated, uniqueEmail } from './support/public-site';
import { payByCard, serveStripeStandIn } from './support/stripe';

/**
 * "Don't ask me again for this campaign", from a real campaign gift's receipt, on a phone: the
 * page names the campaign, its button records the wish without JavaScript, and the page says so.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function seedCampaign(request: APIRequestContext) {
  const { campaign } = await seedLiveCampaign(request, 'opt-out', { title: 'Opt-out Day' });
  return campaign.slug;
}

test('the receipt’s link: the page, the button without JavaScript, and axe on both states', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const slug = await seedCampaign(request);
  const email = uniqueEmail('opt-out');
  await serveStripeStandIn(page);
  await gotoHydrated(page, `/checkout?amount=36&type=onetime&method=credit_card&campaign=${slug}`);
  await payByCard(page, { name: 'Leah Opt', email, amount: 36 });

  const receipt = await mailTo(email, /receipt/i);
  const link = linkIn(receipt, '/donate/opt-out?token=');

  // With JavaScript (axe needs it) the page as the link opens it.
  await gotoHydrated(page, link);
  await expect(page.getByRole('heading', { name: 'Don’t ask me again' })).toBeVisible();
  await expect(page.getByText('Thank you for your gift to Opt-out Day')).toBeVisible();
  const button = page.getByRole('button', { name: 'Don’t ask me again for this campaign' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);

  // Without JavaScript, the button is a plain form.
  const noScripts = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const plain = await noScripts.newPage();
    await plain.goto(link);
    await plain.getByRole('button', { name: 'Don’t ask me again for this campaign' }).click();
    await expect(plain.getByRole('status')).toContainText(
      'We have told the office and the team leaders not to ask you again for this campaign.',
    );
    await expect(
      plain.getByRole('button', { name: 'Don’t ask me again for this campaign' }),
    ).toHaveCount(0);
  } finally {
    await noScripts.close();
  }

  // Opened again: already recorded, nothing to press.
  await gotoHydrated(page, link);
  await expect(page.getByText('You had already asked not to be asked again')).toBeVisible();
  await expect(button).toHaveCount(0);
  await expectNoAxeViolations(page);
});
