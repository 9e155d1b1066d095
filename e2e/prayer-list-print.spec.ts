import { expect, test, type Page } from '@playwright/test';
import type { PrayerList } from '~/shared/schemas/prayer-list';
import { OWNER, failOnPageErrors, signInByApi } from './support/admin';

/**
 * The printed prayer list in three columns: a group's heading never ends a column with its names
 * in the next one. The list is answered here (page.route), so the groups' sizes, and with them
 * where the columns break, are the test's own and the same on every run.
 */
failOnPageErrors();

const intentions = ['healing', 'shidduch', 'parnassah', 'children', 'success', 'other'] as const;
const LABELS = ['Healing', 'Finding a match', 'Livelihood', 'Children', 'Success', 'Other'];

/** A week's list whose groups have `sizes` names each. */
function list(start: string, sizes: number[]): PrayerList {
  let n = 0;
  return {
    week: {
      start,
      end: start,
      hebrewStart: { hebrew: 'א׳ כסלו', english: '1 Kislev' },
      hebrewEnd: { hebrew: 'ז׳ כסלו', english: '7 Kislev' },
    },
    today: start,
    isCurrentWeek: true,
    lapseWeeks: 12,
    total: sizes.reduce((a, b) => a + b, 0),
    groups: sizes.map((size, g) => ({
      intention: intentions[g]!,
      label: LABELS[g]!,
      names: Array.from({ length: size }, () => {
        n += 1;
        return {
          id: `name-${n}`,
          line: n % 3 ? 'חיים יוסף בן שרה רבקה' : 'מרים בת לאה',
          englishName: n % 2 ? 'Chaim Yosef' : null,
          note: n % 4 ? null : 'Surgery on Tuesday',
          tier: 'Flame Tier',
          giverName: 'A member',
          giverEmail: 'member@example.org',
        };
      }),
    })),
    reading: {
      prayedOn: start,
      hebrewDate: 'ז׳ כסלו',
      hebrewDateEnglish: '7 Kislev',
      markedBy: null,
      markedAt: `${start}T12:00:00Z`,
    },
  };
}

/** Each group's heading and first name, where the print layout puts them. */
function headingsAndFirstNames(page: Page) {
  return page.locator('section[aria-labelledby^="intention-"]').evaluateAll((sections) =>
    sections.map((section) => {
      const h3 = section.querySelector('h3')!;
      const li = section.querySelector('li')!;
      const heading = h3.getBoundingClientRect();
      const first = li.getClientRects()[0]!;
      // The smallest box holding both: what a column or page break must not cut.
      let both = h3.parentElement!;
      while (!both.contains(li)) both = both.parentElement!;
      return {
        group: h3.textContent,
        kept: getComputedStyle(both).breakInside,
        headingLeft: Math.round(heading.left),
        nameLeft: Math.round(first.left),
        gap: Math.round(first.top - heading.bottom),
      };
    }),
  );
}

test('the printed list keeps each group’s heading with its first names, in every column', async ({
  page,
}) => {
  // Group sizes that put the breaks between the columns at different places in the groups.
  const layouts = [
    [9, 1, 7, 3, 2, 6],
    [5, 8, 1, 6, 4, 2],
    [12, 3, 3, 3, 3, 3],
    [2, 2, 14, 1, 1, 9],
    [7, 7, 7, 7, 7, 7],
    [4, 11, 2, 5, 1, 8],
  ];
  await page.route('**/api/admin/prayer-list*', async (route) => {
    const week = new URL(route.request().url()).searchParams.get('week') ?? '2026-01-04';
    const index = Math.round((Date.parse(week) - Date.parse('2026-01-04')) / (7 * 86_400_000));
    await route.fulfill({ json: list(week, layouts[index]!) });
  });
  await signInByApi(page, OWNER);
  // About a Letter page's printable width (8.5 in less 12 mm margins): three columns.
  await page.setViewportSize({ width: 725, height: 940 });
  await page.goto('/admin/prayer-list');
  await expect(page.getByRole('heading', { level: 3, name: 'Healing (9)' })).toBeVisible();
  for (const [i, sizes] of layouts.entries()) {
    if (i > 0) {
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('button', { name: 'Next week' }).click();
      await expect(
        page.getByRole('heading', { level: 3, name: `Healing (${sizes[0]})` }),
      ).toBeVisible();
    }
    await page.emulateMedia({ media: 'print' });
    for (const group of await headingsAndFirstNames(page)) {
      // The first name stands right under its heading, in the same column, and the two are
      // in one box no break may cut, every browser's multi-column layout.
      expect({ ...group, gap: group.gap >= -1 && group.gap < 24 }, sizes.join(',')).toEqual({
        ...group,
        kept: 'avoid',
        nameLeft: group.headingLeft,
        gap: true,
      });
    }
  }
});
