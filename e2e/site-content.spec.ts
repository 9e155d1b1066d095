import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { failOnPageErrors } from './support/admin';
import { localhostServerForTests } from './support/localhost-server';
import { apiSignIn } from './support/second-factor';

/**
 * The office edits the site (ADR 033): a testimonial and the mentorship circle's date
 * changed in admin → Site Content, previewed, published, seen on the home page by a visitor on a
 * phone, then an earlier version restored. On a server of its own: publishing changes what
 * every other browser test's home page shows.
 */
test.describe.configure({ mode: 'serial' });
failOnPageErrors();

const server = localhostServerForTests();

const firstQuote = 'The Rabbi prayed for our son at the tziyun, and he came home before Pesach.';
const secondQuote = 'A second story we published, and then took back.';
/** The first testimonial of site.config.ts, as the site was set up. */
const originalQuote =
  'After months of waiting for news from the doctors, the Rabbi prayed for my mother';

async function openEditor(page: Page) {
  await apiSignIn(page.request, server.url, server.owner.username, server.owner.password);
  await page.goto(`${server.url}/admin?section=site-content`);
  await expect(page.getByRole('navigation', { name: 'Sections of the site' })).toBeVisible();
}

async function openSection(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Sections of the site' });
  await nav.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  return page.getByRole('form', { name: label });
}

async function editFirstQuote(page: Page, quote: string) {
  const form = await openSection(page, 'Testimonials');
  const item = form.getByRole('group', { name: /^Testimonial 1 / });
  await item.getByLabel(/^Quote/).fill(quote);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish these changes?' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Visitors now see the changes.')).toBeVisible();
}

/** The home page as a visitor on a phone sees it, in a browser of their own. */
async function visitorHome(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  return { page, close: () => context.close() };
}

test('the office edits, previews and publishes; a visitor sees it; an earlier version comes back', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openEditor(page);
  await expectNoAxeViolations(page);

  await editFirstQuote(page, firstQuote);
  const circle = await openSection(page, 'Mentorship circle');
  await circle.getByLabel(/^Next session/).fill('2027-04-18');
  await circle.getByLabel(/^Start time/).fill('20:00');
  await circle.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved').first()).toBeVisible();

  // The draft shows nowhere public yet.
  const before = await visitorHome(browser);
  await expect(before.page.getByRole('region', { name: 'Testimonials' })).not.toContainText(
    firstQuote,
  );
  await before.close();

  // The preview is the home page itself, with the draft.
  await page.getByLabel('Page to preview').selectOption('/');
  await page.getByRole('button', { name: 'Preview on a phone' }).click();
  const preview = page.frameLocator('iframe[title^="Preview of the home page"]');
  await expect(preview.locator('#mentorship')).toContainText('April 18, 2027');
  await expect(preview.getByRole('region', { name: 'Testimonials' })).toContainText(firstQuote);
  // The framed page is the home page, checked on its own (accessibility.spec.ts).
  await expectNoAxeViolations(page, { exclude: 'iframe' });

  await publish(page);
  const after = await visitorHome(browser);
  await expect(after.page.getByRole('region', { name: 'Testimonials' })).toContainText(firstQuote);
  await expect(after.page.locator('#mentorship')).toContainText(
    'April 18, 2027, at 8:00 PM Eastern Daylight Time',
  );
  await after.close();

  // A second change, published, then the first version put back.
  await editFirstQuote(page, secondQuote);
  await publish(page);
  const restore = page.getByRole('button', { name: /^Restore this version: published/ });
  await expect(restore).toHaveCount(1);
  await restore.click();
  await page
    .getByRole('dialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText('Version restored')).toBeVisible();
  await expect(page.getByText(/^Restored from the version published/)).toBeVisible();

  const restored = await visitorHome(browser);
  const testimonials = restored.page.getByRole('region', { name: 'Testimonials' });
  await expect(testimonials).toContainText(firstQuote);
  await expect(testimonials).not.toContainText(secondQuote);
  await restored.close();
});

test('on a phone, the content the site was set up with comes back from the history', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openEditor(page);
  const history = page.getByRole('heading', { name: 'History' }).locator('..');
  const setup = history.getByRole('listitem').last();
  await expect(setup).toContainText('The content the site was set up with');
  await setup.getByRole('button', { name: /^Restore this version/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
  await expect(dialog).toContainText('Visitors see the content the site was set up with');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(
    page.getByText('Visitors now see the content the site was set up with.'),
  ).toBeVisible();
  await expect(
    history.getByText('Restored from the content the site was set up with.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, { exclude: 'iframe' });

  const home = await visitorHome(browser);
  const testimonials = home.page.getByRole('region', { name: 'Testimonials' });
  await expect(testimonials).toContainText(originalQuote);
  await expect(testimonials).not.toContainText(firstQuote);
  await expect(home.page.locator('#mentorship')).not.toContainText('April 18, 2027');
  // The photos too: the first slide's background is the file's.
  expect(await home.page.content()).toContain('/images/hero-1.svg');
  await home.close();
});

test('a refused section says what to fix beside the field, and keeps the draft as it was', async ({
  page,
}) => {
  await openEditor(page);
  const contacts = await openSection(page, 'Office contacts');
  await contacts.getByLabel(/^Email/).fill('the office');
  await contacts.getByRole('button', { name: 'Save draft' }).click();
  const email = contacts.getByLabel(/^Email/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(contacts).toContainText('Please enter a valid email address');
  await expectNoAxeViolations(page);
});
