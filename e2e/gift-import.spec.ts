import { expect, test } from '@playwright/test';
import { failOnPageErrors, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/public-site';

/**
 * The office imports a bank's CSV of gifts under Gifts Received: the columns are guessed from the
 * headers, each row says what will happen, a row in error holds the import back, and the imported
 * gifts count in the donor table like any gift.
 */
failOnPageErrors();
// The office's phone: the preview's rows stack as cards, and nothing scrolls sideways.
test.use({ viewport: { width: 390, height: 844 } });

test('previews a CSV of gifts, imports it and finds the gifts among the donors', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Its own donors each time the test runs: a worker may run it twice.
  const tag = Date.now().toString(36);
  const cheque = String(Date.now() % 1_000_000);
  const csv = (rows: string[]) =>
    Buffer.from(`\uFEFFDonor,Email,Amount,Date,Type,Check #\r\n${rows.join('\r\n')}\r\n`, 'utf8');
  const good = [
    `שלמה כהן,shlomo-${tag}@example.org,"1,234.00",11/2/2026,Cheque,${cheque}`,
    `Dina Levi ${tag},dina-${tag}@example.org,$36,2026-11-03,Zelle,`,
  ];

  await signInByApi(page);
  await page.goto('/admin?section=gifts-received');
  const section = page.getByRole('region', { name: 'Import a file of gifts' });
  await expect(section).toBeVisible();

  // A row without its amount: shown as an error, and nothing can be imported.
  await section.getByLabel('CSV file of gifts').setInputFiles({
    name: 'deposits.csv',
    mimeType: 'text/csv',
    buffer: csv([...good, `Avi Roth ${tag},avi-${tag}@example.org,,2026-11-03,cash,`]),
  });
  await expect(section.getByTestId('gift-import-count-error')).toHaveText('1');
  await expect(section.getByRole('table')).toContainText('The amount is missing.');
  await expect(section.getByRole('button', { name: /^Import/ })).toBeDisabled();

  await section.getByLabel('CSV file of gifts').setInputFiles({
    name: 'deposits.csv',
    mimeType: 'text/csv',
    buffer: csv(good),
  });
  await expect(section.getByTestId('gift-import-count-new-donor')).toHaveText('2');
  await expect(section.getByLabel('Amount')).toHaveValue('2');
  await expect(section.getByLabel('Reference (cheque number …)')).toHaveValue('5');
  await expect(section.getByRole('table')).toContainText('שלמה כהן');
  await expect(section.getByRole('table')).toContainText('$1,234.00');
  await expect(section.getByLabel(/Mail receipts/)).not.toBeChecked();

  // The office changes a column: without the amount's, the file cannot be imported, and says so.
  await section.getByLabel('Amount').selectOption('');
  await expect(section.getByRole('alert')).toHaveText('Please choose the column of the amount.');
  await expect(section.getByRole('button', { name: 'Import 2 gifts' })).toBeDisabled();
  await section.getByLabel('Amount').selectOption('2');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Import 2 gifts' })).toBeEnabled();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await section.getByRole('button', { name: 'Import 2 gifts' }).click();
  await expect(section.getByRole('status')).toContainText(
    'Imported 2 gifts; 0 skipped as already recorded.',
    { timeout: 20_000 },
  );
  await expect(section.getByRole('status')).toContainText(/Receipts \d{4}-\d{6} to \d{4}-\d{6}/);

  // The same file again adds nothing: every row is a duplicate.
  await section.getByLabel('CSV file of gifts').setInputFiles({
    name: 'deposits-again.csv',
    mimeType: 'text/csv',
    buffer: csv(good),
  });
  await expect(section.getByTestId('gift-import-count-duplicate')).toHaveText('2');
  await expect(section.getByRole('button', { name: 'Import 0 gifts' })).toBeDisabled();

  await page.goto('/admin/donors');
  await page.getByLabel('Search').fill(`dina-${tag}`);
  await expect(page.getByRole('main')).toContainText(`Dina Levi ${tag}`);
  await expect(page.getByRole('main')).toContainText('$36.00');
});
