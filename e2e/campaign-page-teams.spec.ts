import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { seedLiveCampaign } from './support/campaigns';
import { trackPageErrors, uniqueEmail, waitForHydration } from './support/public-site';
import { serveStripeStandIn } from './support/stripe';

/**
 * The teams on the campaign's page, on a phone: the leaderboard in each of its orders (plain
 * links, with and without JavaScript), a team's link (`?team=`) that carries the team into the
 * checkout, and the ambassador's request form refused and sent.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Three teams whose three orders differ, each gift cleared: raised, donors, share of its goal. */
const teams = {
  adler: { name: 'The Adler Shiur', goal: 5000, group: 'Beth Medrash', gifts: [500] },
  berger: { name: 'The Berger Boys', goal: 200, group: 'Beth Medrash', gifts: [36, 36, 28] },
  cohen: { name: 'The Cohen Kollel', goal: 200, group: null, gifts: [120, 80] },
};
const byAmount = ['The Adler Shiur', 'The Cohen Kollel', 'The Berger Boys'];
const byDonors = ['The Berger Boys', 'The Cohen Kollel', 'The Adler Shiur'];
const byGoal = ['The Cohen Kollel', 'The Berger Boys', 'The Adler Shiur'];

/**
 * A live campaign with those teams, made through the office's API, and their gifts recorded as
 * cash the office received and cleared: each from a donor of their own.
 */
async function seedBoard(request: APIRequestContext) {
  const { headers, campaign } = await seedLiveCampaign(request, 'board-day', {
    title: 'Board Day for the Tziyun',
  });
  const receivedOn = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const slugs: Record<string, string> = {};
  for (const [key, { gifts, ...team }] of Object.entries(teams)) {
    const made = await request.post(`/api/admin/campaigns/${campaign.id}/teams`, {
      headers,
      data: { ...team, leaderName: `Leader of ${team.name}`, leaderEmail: uniqueEmail(key) },
    });
    expect(made.status(), await made.text()).toBe(201);
    const slug = ((await made.json()) as { team: { slug: string } }).team.slug;
    slugs[key] = slug;
    for (const amount of gifts) {
      const gift = await request.post('/api/admin/offline-gifts', {
        headers,
        data: {
          name: `Donor of ${team.name}`,
          email: uniqueEmail(`${key}-donor`),
          amount,
          method: 'cash',
          receivedOn,
          campaign: campaign.slug,
          team: slug,
        },
      });
      expect(gift.status(), await gift.text()).toBe(201);
      const { id } = ((await gift.json()) as { gift: { id: string } }).gift;
      const cleared = await request.post(`/api/admin/offline-gifts/${id}/clear`, { headers });
      expect(cleared.status(), await cleared.text()).toBe(200);
    }
  }
  return { campaign, headers, slugs: slugs as Record<keyof typeof teams, string> };
}

const board = (page: Page) => page.getByRole('region', { name: 'Teams' });
const order = (page: Page) => board(page).locator('ol').getByRole('link');
const orderLink = (page: Page, name: string) =>
  board(page).getByRole('navigation', { name: 'Order the teams by' }).getByRole('link', { name });

/** Picks an order and finds it chosen, its teams in that order. */
async function chooseOrder(page: Page, name: string, key: string, names: string[]) {
  await orderLink(page, name).click();
  await expect(page).toHaveURL(new RegExp(`\\?board=${key}#teams$`));
  await expect(orderLink(page, name)).toHaveAttribute('aria-current', 'true');
  await expect(order(page)).toHaveText(names);
}

const ambassador = (page: Page) => page.getByRole('region', { name: 'Be an ambassador' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the leaderboard changes its order by plain links, and groups add their teams up', async ({
    page,
    request,
  }) => {
    const { campaign } = await seedBoard(request);
    await page.goto(`/campaign/${campaign.slug}`);
    await expect(orderLink(page, 'Most raised')).toHaveAttribute('aria-current', 'true');
    await expect(order(page)).toHaveText(byAmount);
    await expect(board(page).getByText('Beth Medrash: $600 raised by 2 teams')).toBeVisible();
    await expect(board(page).getByText('$200 raised of $200 (100%) · 2 donors')).toBeVisible();
    await chooseOrder(page, 'Most donors', 'donors', byDonors);
    await chooseOrder(page, 'Closest to goal', 'goal', byGoal);
    await chooseOrder(page, 'Most raised', 'amount', byAmount);
  });

  test('a team’s link opens the checkout with the gift through the team', async ({
    page,
    request,
  }) => {
    const { campaign, slugs } = await seedBoard(request);
    await page.goto(`/campaign/${campaign.slug}?team=${slugs.cohen}`);
    const form = page.locator('form#give');
    await expect(
      form.getByRole('heading', { name: 'Give through The Cohen Kollel' }),
    ).toBeVisible();
    await form.getByRole('button', { name: /^Give/ }).click();
    await expect(page).toHaveURL(
      new RegExp(`/checkout\\?.*campaign=${campaign.slug}.*team=${slugs.cohen}`),
    );
    await expect(page.getByText(/through the team The Cohen Kollel/)).toBeVisible();
  });

  test('the ambassador’s request comes back with its messages, then is sent', async ({
    page,
    request,
  }) => {
    const { campaign, headers } = await seedBoard(request);
    await page.goto(`/campaign/${campaign.slug}`);
    const form = ambassador(page);
    await form.getByLabel('Your name').fill('Sarah Levi');
    await form.getByLabel('Your email').fill('sarah at example');
    await form.getByLabel('Team name').fill('The Levi Girls');
    await form.getByLabel('Team goal in dollars (optional)').fill('12.5');
    await form.getByRole('button', { name: 'Ask to be an ambassador' }).click();
    await expect(form).toContainText('Please enter a valid email address');
    await expect(form).toContainText('The goal must be a whole number of dollars, like 1800');
    // What was typed is kept.
    await expect(form.getByLabel('Your name')).toHaveValue('Sarah Levi');
    await form.getByLabel('Your email').fill(uniqueEmail('levi'));
    await form.getByLabel('Team goal in dollars (optional)').fill('1800');
    await form.getByRole('button', { name: 'Ask to be an ambassador' }).click();
    await expect(page).toHaveURL(/\?sent=ambassador-request#ambassador$/);
    await expect(form.getByRole('status')).toHaveText(
      'Thank you! The office will look at your team and write to you once it is approved.',
    );
    // Waiting for the office, not on the page yet.
    await expect(order(page)).toHaveText(byAmount);
    const listed = await request.get(`/api/admin/campaigns/${campaign.id}/teams`, { headers });
    const { teams: all } = (await listed.json()) as {
      teams: { name: string; status: string; goal: number | null }[];
    };
    expect(all.find((t) => t.name === 'The Levi Girls')).toMatchObject({
      status: 'requested',
      goal: 1800,
    });
  });
});

test('with JavaScript: the leaderboard, a team’s link and the ambassador’s form, with axe', async ({
  page,
  request,
}) => {
  // Three orders, two form states and a checkout opened, each scanned, on a shared machine.
  test.setTimeout(90_000);
  const errors = trackPageErrors(page);
  const { campaign, slugs } = await seedBoard(request);
  await page.goto(`/campaign/${campaign.slug}`);
  await waitForHydration(page);
  await expect(order(page)).toHaveText(byAmount);
  await expectNoAxeViolations(page);
  await chooseOrder(page, 'Closest to goal', 'goal', byGoal);
  await chooseOrder(page, 'Most donors', 'donors', byDonors);

  // The ambassador's form: checked here first, the first wrong field focused.
  await waitForHydration(page);
  const form = ambassador(page);
  await form.getByRole('button', { name: 'Ask to be an ambassador' }).click();
  await expect(form).toContainText('Please enter your name');
  await expect(form).toContainText('Please enter the name of your team');
  await expect(form.getByLabel('Your name')).toBeFocused();
  await expectNoAxeViolations(page);
  await form.getByLabel('Your name').fill('Miriam Stern');
  await form.getByLabel('Your email').fill(uniqueEmail('stern'));
  await form.getByLabel('Team name').fill('The Stern Sisters');
  await form.getByRole('button', { name: 'Ask to be an ambassador' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Thank you! The office will look at your team and write to you once it is approved.',
  );
  await expectNoAxeViolations(page);

  // A team's link, as its leader shares it: the gift goes through the team into the checkout.
  await serveStripeStandIn(page);
  await page.goto(`/campaign/${campaign.slug}?team=${slugs.berger}`);
  await waitForHydration(page);
  const give = page.locator('form#give');
  await expect(give.getByRole('heading', { name: 'Give through The Berger Boys' })).toBeVisible();
  await give.getByRole('radio', { name: 'Other' }).check();
  await give.getByLabel(/Other amount/).fill('36');
  await give.getByRole('button', { name: 'Give $36' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?.*team=${slugs.berger}`));
  await expect(page.getByText(/through the team The Berger Boys/)).toBeVisible();
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
