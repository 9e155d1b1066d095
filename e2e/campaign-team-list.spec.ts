import { expect, test, type APIRequestContext } from '@playwright/test';
import { teamListUrl } from '~/server/features/campaigns/team-list-link';
import { expectNoAxeViolations } from './support/axe';
import { giveFromCampaignPage, seedLiveCampaign } from './support/campaigns';
import { linkIn, mailTo } from './support/mail';
import { gotoHydrated, uniqueEmail } from './support/public-site';
import { serverLinks } from './support/signed-links';
import { payByCard, serveStripeStandIn } from './support/stripe';

/**
 * A team leader's list on a phone, opened from the link their mails carry: a gift through the
 * team as its donor chose to be shown (no amount: the office's default), and that donor, who
 * then asked not to be asked again, under that heading by name. Read with and without
 * JavaScript; a forged link is refused in words.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function seedTeam(request: APIRequestContext) {
  const { headers, campaign } = await seedLiveCampaign(request, 'list-day', { title: 'List Day' });
  const team = await request.post(`/api/admin/campaigns/${campaign.id}/teams`, {
    headers,
    data: { name: 'The Levy Circle', leaderName: 'Dovid Levy', leaderEmail: uniqueEmail('lead') },
  });
  expect(team.status(), await team.text()).toBe(201);
  const { id, slug: teamSlug } = ((await team.json()) as { team: { id: string; slug: string } })
    .team;
  // The leader's mails wait out the night and Shabbat on the real clock: the link they carry,
  // made as the server makes it (the API tests read it from the mail).
  const list = teamListUrl(
    await serverLinks(),
    {
      slug: campaign.slug,
      endsAt: new Date(campaign.endsAt),
      openUntil: campaign.openUntil ? new Date(campaign.openUntil) : null,
    },
    { id, slug: teamSlug },
  );
  return { slug: campaign.slug, team: teamSlug, list };
}

test('the leader opens their list from the link: the gift, the opt-out by name, axe', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { slug, team, list } = await seedTeam(request);
  const email = uniqueEmail('listed');

  await page.goto(list);
  await expect(page.getByText('No gifts through your team yet.')).toBeVisible();

  // A card gift through the team's page, with the donor's full name on the wall.
  await serveStripeStandIn(page);
  await gotoHydrated(page, `/campaign/${slug}/team/${team}`);
  await giveFromCampaignPage(page, 40);
  await payByCard(page, { name: 'Miriam Listed', email, amount: 40 });

  // From the receipt, the donor asks not to be asked again.
  const optOut = linkIn(await mailTo(email, /receipt/i), '/donate/opt-out?token=');
  await page.goto(optOut);
  await page.getByRole('button', { name: 'Don’t ask me again for this campaign' }).click();
  await expect(page.locator('#main').getByRole('status')).toContainText('not to ask you again');

  await gotoHydrated(page, list);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Levy Circle');
  const gifts = page.getByRole('region', { name: 'Gifts through your team' });
  await expect(gifts.getByRole('listitem')).toHaveCount(1);
  await expect(gifts.getByRole('listitem')).toContainText('Miriam Listed');
  await expect(gifts).not.toContainText('$40');
  await expect(gifts).toContainText('The amounts stay between the donors and the office.');
  const asked = page.getByRole('region', { name: 'Asked not to be asked again' });
  await expect(asked.getByRole('listitem')).toHaveText(['Miriam Listed']);
  await expect(page.locator('body')).not.toContainText(email);
  await expectNoAxeViolations(page);

  // Without JavaScript it reads whole; a forged link is refused in words.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const phone = await plain.newPage();
    const opened = await phone.goto(list);
    expect(opened?.status()).toBe(200);
    await expect(phone.getByText('Raised through your team')).toBeVisible();
    await expect(
      phone.getByRole('region', { name: 'Asked not to be asked again' }).getByRole('listitem'),
    ).toHaveText(['Miriam Listed']);
    const forged = await phone.goto(`${list.split('?')[0]}?token=forged.link`);
    expect(forged?.status()).toBe(400);
    await expect(phone.getByRole('alert')).toContainText('This link is not valid.');
  } finally {
    await plain.close();
  }
  await gotoHydrated(page, `${list.split('?')[0]}?token=forged.link`);
  await expect(page.locator('#main').getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
});
