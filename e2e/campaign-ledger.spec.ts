import { expect, test } from '@playwright/test';
import { failOnPageErrors, giftsReceivedFrom, sectionNav } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { publishCampaign } from './support/campaigns';
import { expectNoSidewaysScroll } from './support/public-site';

/**
 * A cheque handed over for a campaign, on a phone at the tziyun: recorded in Gifts Received for
 * the campaign, pending there until the office marks it cleared, then numbered, counted, thanked
 * and seen in the campaign's analytics.
 */
failOnPageErrors();
test.use({ viewport: { width: 390, height: 844 } });

test('records a cheque for a campaign, sees it pending, clears it, and thanks its donor', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const title = `Roof Day ${stamp}`;
  const slug = `roof-day-${stamp}`;
  const name = `Miriam Klein ${stamp}`;
  // The campaign, made through the API as the Campaigns section would: live now, matching cheques.
  const { campaign } = await publishCampaign(page.request, {
    slug,
    title,
    goal: 5000,
    offlineGiftsMatched: true,
    matchers: [{ name: 'The Katz family', ratio: 1, cap: 1000 }],
  });

  await page.goto('/admin?section=gifts-received');
  await expect(page.getByRole('heading', { level: 2, name: 'Gifts Received' })).toBeVisible();
  await expect(
    sectionNav(page).getByRole('button', { name: 'Section: Gifts Received' }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Record a gift received another way' });
  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Email').fill(`miriam.${stamp}@example.org`);
  await form.getByLabel('Amount (dollars)').fill('180');
  await form.getByLabel('Reference (cheque number)').fill('2211');
  await form.getByLabel('Campaign').selectOption({ label: title });
  await form.getByLabel("On the campaign's wall").selectOption('initials');
  await form.getByRole('button', { name: 'Record Gift' }).click();

  const row = giftsReceivedFrom(page, name);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(title);
  await expect(row).not.toContainText(/\d{4}-\d{6}/);
  const pending = await (await page.request.get(`/api/campaigns/${slug}`)).json();
  expect(pending).toMatchObject({ pending: 180, raised: 0, matched: 0 });
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Mark cleared: ${name}'s pending gift` }).click();
  await expect(row).toContainText(/\d{4}-\d{6}/);
  await expect(row).not.toContainText('Pending');
  await expect(row.getByRole('button', { name: /^Mark cleared/ })).toHaveCount(0);
  const cleared = await (await page.request.get(`/api/campaigns/${slug}`)).json();
  expect(cleared).toMatchObject({ pending: 0, raised: 180, matched: 180 });
  await expectNoAxeViolations(page);

  // Nothing on the page scrolls sideways on the phone.
  await expectNoSidewaysScroll(page);

  // After the goal: the Campaigns section thanks the donors, once, after saying how many.
  await page.goto('/admin?section=campaigns');
  await page.getByRole('button', { name: `Thank the donors of ${title}` }).click();
  const thanks = page.getByRole('form', { name: `Thank the donors of ${title}` });
  await thanks.getByRole('button', { name: 'Send Thank-You…' }).click();
  await expect(thanks).toContainText('Please write the message the donors will read');
  await thanks.getByLabel('Your message').fill('We reached the goal: the roof will be built.');
  await thanks.getByRole('button', { name: 'Send Thank-You…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send the thank-you?' });
  await expect(confirm).toContainText('1 donor will get this mail.');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Send to 1 donor' }).click();
  await expect(page.getByText('The thank-you is on its way to 1 donor.')).toBeVisible();
  await expect(thanks).toHaveCount(0);
  const again = await (
    await page.request.get(`/api/admin/campaigns/${campaign.id}/thank-you`)
  ).json();
  expect(again).toMatchObject({ toSend: 0, alreadyThanked: 1 });

  // The campaign's figures for the office, on the phone: the cheque counted, matched in full.
  await page.getByRole('button', { name: `Analytics of ${title}` }).click();
  const analytics = page.getByRole('region', { name: `Analytics: ${title}` });
  await expect(analytics.getByRole('term').filter({ hasText: 'Gifts' })).toBeVisible();
  await expect(analytics).toContainText('$180.00 (50.0% of the total)');
  const byMethod = analytics.getByRole('table', { name: 'By payment method' });
  await expect(byMethod.getByRole('row').filter({ hasText: 'Offline' })).toContainText('$180');
  const byTeam = analytics.getByRole('table', { name: 'By team' });
  await expect(byTeam.getByRole('row').filter({ hasText: 'No team' })).toContainText('$180');
  await expectNoAxeViolations(page);
});
