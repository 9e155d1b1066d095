import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, openSection, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { expectLinkSpent, linkIn, mailTo, openWithButton } from './support/mail';
import { pdfText } from '~tests/helpers/pdf-text';
import { expectNoSidewaysScroll, gotoHydrated } from './support/public-site';

/**
 * 'My giving'. A donor the e2e server seeds (scripts/e2e-server.mjs) asks for the
 * link by email, opens the one the mail brings, and reads every gift, statement and receipt;
 * without JavaScript on a desk, with it on a phone (390 px), axe clean in both.
 */
failOnPageErrors();

/**
 * Asks for the link on the page and opens the one the mail brings with its button (ADR 034);
 * the token leaves the address.
 */
async function openMyGiving(page: Page, email: string) {
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'a link to your giving is on its way',
  );
  const link = new URL(linkIn(await mailTo(email, /Your giving/), '/my-giving?token='));
  await openWithButton(page, link, 'Show my giving');
  await expect(page).toHaveURL(/\/my-giving$/);
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'tziyun_giving');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return link;
}

test.describe('without JavaScript, on a desk', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer leads to the page; the link opens every gift and statement once', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'My Giving' }).click();
    await expect(page).toHaveURL(/\/my-giving$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Giving' })).toBeVisible();
    const link = await openMyGiving(page, 'dated@example.org');
    const main = page.getByRole('main');
    await expect(main).toContainText('Thank you for your gifts, Dated Donor.');
    await expect(main.getByRole('region', { name: 'Your gifts' })).toContainText('$36.00');
    await expect(main.getByRole('region', { name: 'Your gifts' })).toContainText('Jun 15, 2024');
    await expect(main.getByRole('link', { name: '2024 statement (PDF)' })).toBeVisible();
    await expect(main.getByRole('link', { name: /Receipt \(PDF\)/ })).toHaveCount(1);
    // The statement downloads as a PDF that names the donor, the year and the total.
    const href = await main
      .getByRole('link', { name: '2024 statement (PDF)' })
      .getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(await pdf.body());
    expect(text).toContain('2024 year-end giving statement');
    expect(text).toContain('Dated Donor');
    expect(text).toContain('$36.00');
    // Spent: opened in another browser, it is refused in plain words.
    await expectLinkSpent(page, link, 'Show my giving');
    // axe runs in the page, which it cannot without scripts: the same page, session and screen.
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    await context.addCookies(await page.context().cookies());
    const twin = await context.newPage();
    await twin.goto('/my-giving');
    await expect(twin.getByRole('heading', { name: 'Your gifts' })).toBeVisible();
    await expectNoAxeViolations(twin);
    await context.close();
    // Asking to be forgotten posts to the page; the office decides later.
    await page.getByRole('button', { name: 'Ask to be forgotten' }).click();
    await expect(main.getByText('Tick the box to confirm you want to be forgotten')).toBeVisible();
    await page.getByLabel('I want to be forgotten').check();
    await page.getByRole('button', { name: 'Ask to be forgotten' }).click();
    await expect(page).toHaveURL(/\/my-giving\?sent=giving-erasure#privacy$/);
    await expect(main.getByRole('status')).toContainText(
      'Your request to be forgotten is with the office',
    );
  });

  test('Sign out ends the session on the server: the page and its PDFs close', async ({ page }) => {
    await page.goto('/my-giving');
    await openMyGiving(page, 'donor3@example.org');
    const main = page.getByRole('main');
    const statement = await main
      .getByRole('link', { name: /statement \(PDF\)/ })
      .first()
      .getAttribute('href');
    // The cookie as it was, kept by whoever had the browser.
    const [kept] = (await page.context().cookies()).filter((c) => c.name === 'tziyun_giving');
    await main.getByRole('button', { name: 'Sign out' }).click();
    await expect(main.getByRole('status').first()).toContainText('You are signed out of My giving');
    await expect(main.getByRole('button', { name: 'Send me the link' })).toBeVisible();
    // Replayed, the old cookie opens nothing: the session ended on the server.
    await page.context().addCookies([kept!]);
    await page.goto('/my-giving');
    await expect(main.getByRole('button', { name: 'Send me the link' })).toBeVisible();
    expect((await page.request.get(statement!)).status()).toBe(401);
  });

  test('a mistyped email comes back with its message', async ({ page }) => {
    await page.goto('/my-giving');
    await page.getByRole('main').getByLabel('Email').fill('not-an-email');
    // The browser's own check would stop the post: the server's message is the one tested.
    await page.evaluate(() =>
      document.querySelector('form[aria-label]')?.setAttribute('novalidate', ''),
    );
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await expect(page.getByRole('main')).toContainText(/valid email/i);
  });
});

test.describe('with JavaScript, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('asks for the link, shows the gifts, fits the screen, axe clean', async ({ page }) => {
    await gotoHydrated(page, '/my-giving');
    await expectNoAxeViolations(page);
    await openMyGiving(page, 'ojc.giver@example.org');
    const gifts = page.getByRole('region', { name: 'Your gifts' });
    await expect(gifts).toContainText('$100.00');
    await expect(gifts).toContainText('OJC Fund card');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('the office', () => {
  test('previews a year’s statements, mails them and sees them sent', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/admin');
    const region = await openSection(page, 'Statements & Privacy');
    await region.getByLabel('Year').selectOption('2024');
    const table = region.getByRole('table', { name: 'Statements for 2024' });
    const row = table.getByRole('row').filter({ hasText: 'dated@example.org' });
    await expect(row).toContainText('$36.00');
    const preview = await row.getByRole('link', { name: /Preview/ }).getAttribute('href');
    const pdf = await page.request.get(preview!);
    expect(pdfText(await pdf.body())).toContain('2024 year-end giving statement');
    await row.getByRole('button', { name: 'Send the statement of dated@example.org' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '1 statement for 2024' }),
    ).toBeVisible();
    await expect(
      row.getByRole('button', { name: 'Send again the statement of dated@example.org' }),
    ).toBeVisible();
    const mail = await mailTo('dated@example.org', /Your 2024 giving statement/);
    expect(linkIn(mail, '/api/my-giving/statements/2024/statement.pdf?token=')).toBeTruthy();
    await expectNoAxeViolations(page);
  });
});
