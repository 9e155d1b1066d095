import { expect, test } from '@playwright/test';
import type { CampaignDedications } from '~/shared/schemas/campaign-dedications';
import { pdfText } from '~tests/helpers/pdf-text';
import { OWNER, failOnPageErrors, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';

/**
 * The office prints a campaign day's dedications for the Rabbi: the names by kind on the prayer
 * list's print layout, the Hebrew lines as he reads them, and no donor's name on the paper. The
 * day's list is answered here (page.route); the API's own test reads it from the ledger.
 */
failOnPageErrors();

const campaignId = '6f1c4c52-6a55-4c5e-9d0f-7b0e6f3b2a11';
const day: CampaignDedications = {
  campaign: { id: campaignId, title: 'Tziyun Giving Day', slug: 'tziyun-day' },
  date: '2026-03-10',
  hebrewDate: { hebrew: 'כ״א אדר תשפ״ו', english: '21st of Adar, 5786' },
  total: 3,
  groups: [
    {
      kind: 'memory',
      label: 'In memory of',
      names: [{ id: 'a', line: null, name: 'Rivka Stern', donorName: 'Late Giver' }],
    },
    {
      kind: 'refuah',
      label: 'Refuah shleimah',
      names: [
        { id: 'b', line: 'משה בן שרה', name: 'Moshe Levy', donorName: 'Sarah Cohen' },
        { id: 'c', line: 'יעקב בן לאה', name: 'Yaakov Gold', donorName: 'Chaim Adler' },
      ],
    },
  ],
};

test('prints the day’s dedications by kind, Hebrew lines whole, without the donors', async ({
  page,
}) => {
  const asked: string[] = [];
  await page.route('**/api/admin/campaigns/*/dedications*', async (route) => {
    asked.push(new URL(route.request().url()).search);
    await route.fulfill({ json: day });
  });
  await signInByApi(page, OWNER);
  await page.goto(`/admin/campaigns/${campaignId}/dedications?date=2026-03-10`);
  await expect(page.getByRole('heading', { level: 3, name: 'Refuah shleimah (2)' })).toBeVisible();
  expect(asked).toEqual(['?date=2026-03-10']);
  // On the screen, the office sees who gave each.
  await expect(page.getByText('given by Sarah Cohen')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('given by Sarah Cohen')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print the names' })).toBeHidden();
  const text = pdfText(await page.pdf({ format: 'Letter' })).replace(/\s+/g, ' ');
  expect(text).toContain('Dedications: Tziyun Giving Day, Tuesday, March 10, 2026');
  expect(text).toContain('In memory of (1)');
  expect(text).toContain('Rivka Stern');
  expect(text).toContain('Refuah shleimah (2)');
  for (const line of ['משה בן שרה', 'יעקב בן לאה', 'Moshe Levy', 'Yaakov Gold']) {
    expect(text).toContain(line);
  }
  expect(text).not.toContain('Sarah Cohen');
  expect(text).not.toContain('given by');
});
