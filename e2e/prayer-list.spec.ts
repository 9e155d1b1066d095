import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { OWNER, failOnPageErrors, sectionLink, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, mailTo } from './support/mail';
import { gotoHydrated } from './support/public-site';

/**
 * The prayer list's promise, end to end: a member gives names through the magic link, the office prints
 * this week's list (every active name once) and marks it prayed, and the member hears it by
 * email. The member is seeded active by scripts/e2e-server.mjs. One story in order: the prayer
 * list is the whole site's, so these tests run one after the other.
 */
test.describe.configure({ mode: 'serial' });
failOnPageErrors();

const MEMBER = 'prayer.member@example.org';
// Names no other spec adds: the week’s list is shared by every browser test that runs with this one.
const NAMES = [
  {
    hebrew: 'חיים יוסף',
    relation: 'Son of (ben)',
    mother: 'שרה רבקה',
    intention: 'Healing (refuah shleimah)',
    line: 'חיים יוסף בן שרה רבקה',
  },
  {
    hebrew: 'מרים',
    relation: 'Daughter of (bat)',
    mother: 'לאה',
    intention: 'Finding a match (shidduch)',
    line: 'מרים בת לאה',
  },
];

/** The name's own field (the mother's label contains "Hebrew name" too). */
const hebrewNameField = (page: Page) => page.getByRole('textbox', { name: /^Hebrew name/ });

async function addName(page: Page, name: (typeof NAMES)[number]) {
  await hebrewNameField(page).fill(name.hebrew);
  await page.getByLabel('Son or daughter of').selectOption({ label: name.relation });
  await page.getByLabel('Mother’s Hebrew name').fill(name.mother);
  await page.getByLabel('Intention').selectOption({ label: name.intention });
  await page.getByRole('button', { name: 'Add name' }).click();
  await expect(page.getByRole('list', { name: 'Your names' })).toContainText(name.line);
}

test('a member reaches their names by the emailed link and adds names in Hebrew', async ({
  page,
}) => {
  await gotoHydrated(page, '/prayer-names');
  await page.getByRole('main').getByLabel('Email').fill(MEMBER);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'a link to your names is on its way',
  );

  const mail = await mailTo(MEMBER, /Your names for prayer/);
  const link = linkIn(mail, '/prayer-names?token=');
  await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Open my names' }).click();
  await expect(page.getByText('You have not given any names yet.')).toBeVisible();
  // The link works once: it has left the address bar.
  expect(new URL(page.url()).search).toBe('');

  // A name in Latin letters is refused with a clear message, before anything is sent.
  await hebrewNameField(page).fill('Chaim');
  await page.getByLabel('Mother’s Hebrew name').fill('שרה');
  await page.getByRole('button', { name: 'Add name' }).click();
  await expect(page.getByText('Hebrew name must be written in Hebrew letters')).toBeVisible();

  for (const name of NAMES) await addName(page, name);
  const names = page.getByRole('list', { name: 'Your names' }).getByRole('listitem');
  await expect(names).toHaveCount(2);
  await expect(names.first()).toContainText('On the weekly list until');
  await expect(names.first().locator('[lang="he"]')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page);
});

test('the office prints this week’s list: every name once, grouped, under the Hebrew dates', async ({
  page,
}) => {
  await signInByApi(page, OWNER);
  await page.goto('/admin/prayer-list');
  const heading = page.getByRole('heading', { level: 2, name: /^Prayer list: week of/ });
  await expect(heading).toBeVisible();
  // The week's Hebrew dates, in Hebrew letters and in English.
  await expect(page.locator('header p[lang="he"]')).toHaveText(
    /[\u05D0-\u05EA]+.*–.*[\u05D0-\u05EA]+/,
  );
  await expect(
    page
      .getByText(/of (Tishrei|Cheshvan|Kislev|Tevet|Sh'vat|Adar|Nisan|Iyyar|Sivan|Tamuz|Av|Elul)/)
      .first(),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 3, name: 'Healing (refuah shleimah) (1)' }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 3, name: 'Finding a match (shidduch) (1)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The print layout: the list alone, each name exactly once.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print the list' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mark as prayed' })).toBeHidden();
  const printed = await page.locator('body').innerText();
  for (const name of NAMES) {
    expect(printed.split(name.line)).toHaveLength(2);
  }
  // One or two pages, on Letter and on A4.
  for (const format of ['Letter', 'A4'] as const) {
    const pdf = await page.pdf({ format, printBackground: false });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length, format).toBeGreaterThanOrEqual(1);
    expect(pages.length, format).toBeLessThanOrEqual(2);
  }
  await page.emulateMedia({ media: 'screen' });
});

test('the office marks the list prayed, and the member hears it with the Hebrew date', async ({
  page,
}) => {
  await signInByApi(page, OWNER);
  await page.goto('/admin/prayer-list');
  await page.getByRole('button', { name: 'Mark as prayed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Read at the tziyun on' })).toContainText(
    /marked by e2e-owner/,
  );
  await expect(page.getByRole('button', { name: 'Mark as prayed' })).toHaveCount(0);

  const mail = await mailTo(MEMBER, /Your names were read at the tziyun/);
  expect(mail.text).toContain('The 2 names you gave were read by Rabbi');
  expect(mail.text).toMatch(/\d+(st|nd|rd|th) of [A-Z][a-z']+, 57\d\d/);
  expect(mail.html || '').toMatch(/[\u05D0-\u05EA]+ [\u05D0-\u05EA]+ תשפ/);
  // The names themselves never travel by email.
  for (const name of NAMES) expect(mail.text).not.toContain(name.hebrew);
});

test('the Members tab shows the member, filters by tier and status, and exports the CSV', async ({
  page,
}) => {
  await signInByApi(page, OWNER);
  await page.goto('/admin');
  await sectionLink(page, 'Members').click();
  const row = page.getByRole('row').filter({ hasText: MEMBER });
  await expect(row).toContainText('Miriam Prayer');
  await expect(row).toContainText('Flame Tier');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('$360');

  await page.getByLabel('Tier', { exact: true }).selectOption({ label: 'Spark Tier' });
  await expect(row).toHaveCount(0);
  await page.getByLabel('Tier', { exact: true }).selectOption({ label: 'Flame Tier' });
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Active' });
  await expect(row).toHaveCount(1);

  const link = page.getByRole('link', { name: 'Download CSV' });
  await expect(link).toHaveAttribute('href', '/api/admin/members.csv?tier=flame&status=active');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('Miriam Prayer');
  expect(csv).toContain(MEMBER);
});
