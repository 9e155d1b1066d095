import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshSlug, publishCampaign } from './support/campaigns';
import { gotoHydrated, trackPageErrors } from './support/public-site';

/**
 * Sharing a campaign from a phone: the WhatsApp, text message and email links carry the office's
 * message and the page's address, without JavaScript too; with it, Copy link copies and says
 * so; the page's preview image is the share image, a PNG.
 */
test.use({ viewport: { width: 390, height: 844 } });

const MESSAGE = 'Give with me to the roof, every gift is doubled today!';

async function seedCampaign(request: APIRequestContext) {
  const { campaign } = await publishCampaign(request, {
    slug: freshSlug('share'),
    title: 'מגבית הציון: Share Day',
    shareText: MESSAGE,
  });
  return campaign.slug;
}

test('the share buttons on a phone: visible, linked with the message, Copy link announced, axe clean', async ({
  page,
  context,
  request,
}) => {
  // Seeding, the page, the clipboard and axe's whole-page run: more than the default budget.
  test.slow();
  const errors = trackPageErrors(page);
  const slug = await seedCampaign(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, `/campaign/${slug}`);

  const share = page.getByRole('region', { name: 'Share this campaign' });
  await share.scrollIntoViewIfNeeded();
  await expect(share).toBeVisible();
  const address = await share.getByRole('textbox', { name: 'Link to this page' }).inputValue();
  expect(address).toMatch(new RegExp(`/campaign/${slug}$`));
  const whatsapp = share.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsapp).toBeVisible();
  const sent = new URL((await whatsapp.getAttribute('href'))!);
  expect(sent.origin).toBe('https://api.whatsapp.com');
  expect(sent.searchParams.get('text')).toBe(`${MESSAGE} ${address}`);
  await expect(share.getByRole('link', { name: 'Text message' })).toHaveAttribute(
    'href',
    `sms:?&body=${encodeURIComponent(`${MESSAGE} ${address}`)}`,
  );
  await expect(share.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:\?/);
  // Each is a finger's width tall, and all fit the phone's width.
  for (const name of ['WhatsApp', 'Text message', 'Email']) {
    const box = (await share.getByRole('link', { name }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }

  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expectNoAxeViolations(page);

  // The preview the links carry: the share image of this version, a PNG.
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(new RegExp(`/campaign/${slug}/share\\.png\\?v=\\d+$`));
  const png = await request.get(new URL(image!).pathname + new URL(image!).search);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the links work as they are, and the address is there to copy by hand', async ({
    page,
    request,
  }) => {
    const slug = await seedCampaign(request);
    await page.goto(`/campaign/${slug}`);
    const share = page.getByRole('region', { name: 'Share this campaign' });
    await expect(share.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/api\.whatsapp\.com\/send\?text=Give%20with%20me/,
    );
    await expect(share.getByRole('textbox', { name: 'Link to this page' })).toHaveValue(
      new RegExp(`/campaign/${slug}$`),
    );
    await expect(share.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  });
});
