import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { failOnPageErrors, OWNER, sectionRegion, signInByApi } from './support/admin';
import { giveByOjcCard } from './support/ojc';
import { uniqueEmail } from './support/public-site';

/**
 * The office's tables read well: at 1280 px no word breaks mid-word ("Verifie/d", "Monthl/y")
 * and every filter shows its whole choice; the donor search and filters are in the address
 * (a reload keeps them, Back undoes them); on a 390 px phone a gift is a compact card;
 * Applications name the tier. Long names and addresses are in the lists, as the office has them.
 */
failOnPageErrors();

const desk = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
// Made anew by each run of beforeAll: with fullyParallel, a worker may run it more than once
// for the same file, and the same names twice would make two rows of one donor.
let stamp = '';
let monthlyDonor = '';
let longEmail = '';
let applicant = '';

test.beforeAll(async ({ request }) => {
  stamp = Date.now().toString(36);
  monthlyDonor = `Yehudis Bracha Rosenberg-Katzenellenbogen ${stamp}`;
  longEmail = uniqueEmail(`monthly.with.a.very.long.address.rosenberg-katzenellenbogen`);
  applicant = `Applicant ${stamp}`;
  await giveByOjcCard(request, {
    amount: 54,
    donationType: 'subscription',
    donorName: monthlyDonor,
    donorEmail: longEmail,
  });
  const applied = await request.post('/api/membership-applications', {
    data: {
      firstName: applicant,
      lastName: 'Tier',
      email: uniqueEmail('tier-applicant'),
      membershipTier: 'beacon',
      message: 'Hoping to join the Beacon circle.',
    },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const wrote = await request.post('/api/contact', {
    data: {
      name: monthlyDonor,
      email: longEmail,
      message:
        'Our itinerary is at https://example.org/a/very/long/path/that/does/not/break/anywhere/naturally',
    },
  });
  expect(wrote.ok(), await wrote.text()).toBe(true);
});

/**
 * The words of `scope`'s table cells that the browser broke across two lines, except in the
 * cells that hold addresses, links and free text, which may break anywhere (`wrap-anywhere`).
 */
async function brokenWords(scope: Locator) {
  return scope.evaluate((root) => {
    const broken: string[] = [];
    for (const cell of Array.from(root.querySelectorAll('td, tbody th'))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const style = getComputedStyle(node.parentElement!);
        if (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all') continue;
        // A line may end after a hyphen ("Rosenberg-" / "Katzenellenbogen"), not inside a word.
        for (const match of (node.textContent ?? '').matchAll(/[^\s-]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** The selects of `scope` whose chosen text is wider than the room the select gives it. */
async function cutSelects(scope: Locator) {
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll('select')).flatMap((select) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return context.measureText(text).width > room ? [`"${text}" in ${Math.round(room)} px`] : [];
    }),
  );
}

async function openSection(page: Page, path: string, name: string) {
  await signInByApi(page, OWNER);
  await page.goto(path);
  const region = sectionRegion(page, name);
  await expect(region.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  return region;
}

test('at 1280 px no word breaks mid-word and every filter shows its whole text', async ({
  page,
}) => {
  await page.setViewportSize(desk);
  const donors = await openSection(page, '/admin', 'Donor Management');
  const row = donors.getByRole('row').filter({ hasText: monthlyDonor });
  await expect(row).toContainText('Monthly');
  await expect(row).toContainText('Verified');
  expect(await brokenWords(donors.getByRole('table'))).toEqual([]);
  expect(await cutSelects(donors.getByRole('search', { name: 'Filter donors' }))).toEqual([]);

  for (const [section, name] of [
    ['members', 'Members'],
    ['applications', 'Applications'],
    ['messages', 'Messages'],
    ['statements', 'Statements & Privacy'],
  ] as const) {
    await page.goto(`/admin?section=${section}`);
    const region = sectionRegion(page, name);
    await expect(region.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await expect(region.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(region.getByRole('table').first()).toBeVisible();
    for (const table of await region.getByRole('table').all()) {
      expect(await brokenWords(table), `${name}: words broken`).toEqual([]);
    }
    expect(await cutSelects(region), `${name}: selects cut short`).toEqual([]);
    if (section === 'applications') {
      // The tier by its name, not its id.
      await expect(region.getByRole('row').filter({ hasText: applicant })).toContainText(
        'Beacon Tier',
      );
    }
  }
});

for (const path of ['/admin', '/admin/donors']) {
  test(`the donor search and filters are in the address of ${path}: reload keeps them, Back undoes them`, async ({
    page,
  }) => {
    await page.setViewportSize(desk);
    // /admin/donors is a page of its own, not a section of the dashboard.
    const donors =
      path === '/admin'
        ? await openSection(page, path, 'Donor Management')
        : await (async () => {
            await signInByApi(page, OWNER);
            await page.goto(path);
            await expect(
              page.getByRole('heading', { level: 2, name: 'Donor Management' }),
            ).toBeVisible();
            return page.locator('body');
          })();
    const search = donors.getByLabel('Search donors');
    const status = donors.getByLabel('Status');
    const row = donors.getByRole('row').filter({ hasText: monthlyDonor });
    await expect(row).toBeVisible();

    await search.fill(stamp);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${stamp}(&|$)`));
    await status.selectOption('failed');
    await expect(page).toHaveURL(/[?&]status=failed(&|$)/);
    await expect(donors.getByText('No donor records found')).toBeVisible();

    await page.reload();
    await expect(search).toHaveValue(stamp);
    await expect(status).toHaveValue('failed');
    await expect(donors.getByText('No donor records found')).toBeVisible();

    await page.goBack();
    await expect(page).not.toHaveURL(/status=/);
    await expect(status).toHaveValue('');
    await expect(search).toHaveValue(stamp);
    await expect(row).toBeVisible();
    await expect(donors.getByRole('row')).toHaveCount(2);

    await page.goBack();
    await expect(page).not.toHaveURL(/search=/);
    await expect(search).toHaveValue('');
    await expect(row).toBeVisible();
    if (path === '/admin') await expect(page).toHaveURL(/^[^?]*\/admin(\?section=donors)?$/);
  });
}

test('on a 390 px phone each gift is a compact card, its actions in view', async ({ page }) => {
  await page.setViewportSize(phone);
  const donors = await openSection(page, '/admin', 'Donor Management');
  const table = donors.getByRole('table');
  const card = table.getByRole('row').filter({ hasText: monthlyDonor });
  await expect(card).toContainText('$54.00');
  const heights = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(1);
  // Each card also carries its receipt number and a second action (Same person).
  for (const height of heights) expect(height).toBeLessThan(320);
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  const verify = card.getByRole('button', { name: /^Verify payment of/ });
  await verify.scrollIntoViewIfNeeded();
  await expect(verify).toBeInViewport();
  await expectNoAxeViolations(page);
});
