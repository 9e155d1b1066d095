import { expect, test } from '@playwright/test';
import { failOnPageErrors, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { seedLiveCampaign } from './support/campaigns';
import { expectNoSidewaysScroll, toast } from './support/public-site';

/**
 * The office's Teams panel on a phone: a team added, then edited into the group of another, and
 * an ambassador's request approved; the campaign's page then shows them under their group.
 */
failOnPageErrors();
test.use({ viewport: { width: 390, height: 844 } });

test('adds a team, edits it into a group, approves a request, and the page shows the group', async ({
  page,
  request,
}) => {
  // A long form on a phone, three saves and three accessibility scans.
  test.setTimeout(90_000);
  const title = `Shul Day ${Date.now().toString(36)}`;
  const { headers, campaign } = await seedLiveCampaign(request, 'shul-day', { title });
  const made = await request.post(`/api/admin/campaigns/${campaign.id}/teams`, {
    headers,
    data: {
      name: 'The Katz Family',
      leaderName: 'Reuven Katz',
      leaderEmail: 'reuven.katz@example.org',
      group: 'Beth Medrash',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  // An ambassador's request from the campaign's page, waiting for the office.
  const asked = await request.post(`/api/campaigns/${campaign.slug}/teams`, {
    data: { name: 'Avi Stern', email: 'avi.stern@example.org', team: 'The Stern Boys' },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await signInByApi(page);
  await page.goto('/admin?section=campaigns');
  await page.getByRole('button', { name: `Teams of ${title}` }).click();
  const panel = page.getByRole('region', { name: `Teams of ${title}` });
  await expect(panel.getByText('The Stern Boys (Asked for, waiting)')).toBeVisible();

  // Added by the office: approved at once.
  const add = panel.locator('form').filter({ hasText: 'Add a team' });
  await add.getByRole('button', { name: 'Add the team' }).click();
  await expect(add.getByLabel('Team name')).toBeFocused();
  await add.getByLabel('Team name').fill('The Levi Shiur');
  await add.getByLabel("Leader's name").fill('Dovid Levi');
  await add.getByLabel("Leader's email").fill('dovid.levi@example.org');
  await add.getByLabel('Goal in dollars (optional)').fill('1,800');
  await add.getByRole('button', { name: 'Add the team' }).click();
  await expect(toast(page)).toContainText('Team Added');
  const levi = panel.getByRole('listitem').filter({ hasText: 'The Levi Shiur' });
  await expect(levi).toContainText('The Levi Shiur (Approved (public))');
  await expect(levi).toContainText('$0.00 raised of $1,800.00');

  // Edited into the group of the Katz family: a wrong goal first.
  await levi.getByRole('button', { name: 'Edit The Levi Shiur' }).click();
  const edit = panel.getByRole('form', { name: 'Edit The Levi Shiur' });
  await expect(edit.getByLabel('Team name')).toBeFocused();
  await edit.getByLabel('Goal in dollars (optional)').fill('a lot');
  await edit.getByRole('button', { name: 'Save the team' }).click();
  await expect(edit).toContainText('The goal must be a whole number of dollars, like 1800');
  await expect(edit.getByLabel('Goal in dollars (optional)')).toBeFocused();
  await expectNoAxeViolations(page);
  await edit.getByLabel('Goal in dollars (optional)').fill('2000');
  await edit.getByLabel('Group: a shul or a school (optional)').fill('Beth Medrash');
  await edit.getByRole('button', { name: 'Save the team' }).click();
  await expect(toast(page)).toContainText('The Levi Shiur is saved as you wrote it.');
  await expect(edit).toHaveCount(0);
  await expect(levi).toContainText('Dovid Levi, dovid.levi@example.org · Beth Medrash');
  await expect(levi).toContainText('of $2,000.00');
  await expect(levi.getByRole('button', { name: 'Edit The Levi Shiur' })).toBeFocused();

  // The request approved: now public.
  const stern = panel.getByRole('listitem').filter({ hasText: 'The Stern Boys' });
  await stern.getByRole('button', { name: 'Approve The Stern Boys' }).click();
  await expect(stern).toContainText('The Stern Boys (Approved (public))');
  await expect(stern.getByRole('button', { name: 'Approve The Stern Boys' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // The campaign's page: three teams, two of them in the Beth Medrash's group.
  await page.goto(`/campaign/${campaign.slug}`);
  const board = page.getByRole('region', { name: 'Teams' });
  await expect(board.getByRole('link', { name: 'The Stern Boys' })).toBeVisible();
  await expect(board.getByRole('link', { name: 'The Levi Shiur' })).toBeVisible();
  await expect(board.getByText('Beth Medrash: $0 raised by 2 teams')).toBeVisible();
});
