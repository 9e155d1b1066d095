import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, sectionNav, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/public-site';

/**
 * The office plans a campaign on a phone: a draft with two matchers, the end Shabbat moves it
 * to, then published.
 */
failOnPageErrors();
test.use({ viewport: { width: 390, height: 844 } });

async function openCampaigns(page: Page) {
  await signInByApi(page);
  await page.goto('/admin?section=campaigns');
  await expect(page.getByRole('heading', { level: 2, name: 'Campaigns' })).toBeVisible();
  await expect(sectionNav(page).getByRole('button', { name: 'Section: Campaigns' })).toBeVisible();
}

test('makes a draft with two matchers, sees the end Shabbat moves it to, and publishes it', async ({
  page,
}) => {
  // A long form filled on a phone, with two accessibility scans.
  test.setTimeout(90_000);
  const title = `Erev Shabbat ${Date.now().toString(36)}`;
  await openCampaigns(page);
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });

  // Nothing typed: the fields say what they need.
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form).toContainText('Please enter the title');
  await expect(form.getByLabel('Title')).toBeFocused();

  await form.getByLabel('Title').fill(title);
  await expect(form.getByLabel('Web address name (slug)')).toHaveValue(
    title.toLowerCase().replaceAll(' ', '-'),
  );
  await form.getByLabel('Story').fill('Twenty-four hours for the **new roof**.');
  await expect(form.getByRole('region', { name: 'How the story reads' })).toContainText('new roof');
  await form.getByLabel('Goal (dollars)').fill('36,000');
  // Thursday 8 PM to Friday 8 PM in New York: Shabbat begins at 4:09 PM on Friday.
  const starts = form.getByRole('group', { name: 'Starts' });
  await starts.getByLabel('Date').fill('2026-12-10');
  await starts.getByLabel('Time').fill('20:00');
  const ends = form.getByRole('group', { name: 'Ends' });
  await ends.getByLabel('Date').fill('2026-12-11');
  await ends.getByLabel('Time').fill('20:00');
  await expect(form.getByLabel('Pause for Shabbat and Yom Tov')).toBeChecked();

  const first = form.getByRole('group', { name: 'Matcher 1' });
  await first.getByLabel('Name, as the page shows it').fill('The Katz family');
  await first.getByLabel('Cap (dollars)').fill('10000');
  await form.getByRole('button', { name: 'Add a matcher' }).click();
  const second = form.getByRole('group', { name: 'Matcher 2' });
  await second.getByLabel('Name, as the page shows it').fill('A friend');
  await second.getByLabel('How it matches').selectOption('2');
  await second.getByLabel('Cap (dollars)').fill('5000');
  await expectNoAxeViolations(page);

  await form.getByRole('button', { name: 'Save draft' }).click();
  const edit = page.getByRole('form', { name: `Edit ${title}` });
  await expect(edit.getByTestId('computed-end')).toHaveText(
    'Because of Shabbat, it will end at Dec 12, 2026, 9:05 PM EST instead of Dec 11, 2026, 8:00 PM EST.',
  );
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Draft, upcoming');
  await expect(row.getByRole('link', { name: /^\/campaign\// })).toHaveAttribute(
    'href',
    `/campaign/${title.toLowerCase().replaceAll(' ', '-')}`,
  );

  await edit.getByRole('button', { name: 'Publish' }).click();
  await expect(row).toContainText('Published, upcoming');
  await expect(edit.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expectNoAxeViolations(page);

  await expectNoSidewaysScroll(page);
});
