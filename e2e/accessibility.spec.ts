import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated, toast, uniqueEmail } from './support/public-site';

/**
 * Automated checks (axe: WCAG 2.x A/AA and best practices) on the public pages and their
 * interactive states, and keyboard use of the contact form. The home page is checked in
 * home.spec.ts.
 */

for (const path of ['/join', '/donate', '/videos', '/test-stripe']) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expectNoAxeViolations(page);
  });
}

test('axe finds nothing on /contact', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await expectNoAxeViolations(page);
});

test('axe finds nothing on the 404 page', async ({ page }) => {
  const response = await gotoHydrated(page, '/no-such-page');
  expect(response?.status()).toBe(404);
  await expectNoAxeViolations(page);
});

test('axe finds nothing on the join success screen', async ({ page }) => {
  await gotoHydrated(page, '/join');
  const form = page.getByRole('form', { name: 'Membership application' });
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Sarah');
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Cohen');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('a11y-join'));
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tziyun!' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe finds nothing on /contact with validation errors showing', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await page
    .getByRole('form', { name: 'Contact form' })
    .getByRole('button', { name: 'Send Message' })
    .click();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe finds nothing on /join with validation errors showing', async ({ page }) => {
  await gotoHydrated(page, '/join');
  await page
    .getByRole('form', { name: 'Membership application' })
    .getByRole('button', { name: 'Submit Application' })
    .click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe finds nothing with an error toast showing', async ({ page }) => {
  await gotoHydrated(page, '/videos');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Inspire Me' }).click();
  await expect(toast(page)).toContainText('Please enter your email address');
  await expectNoAxeViolations(page);
});

test.describe('phone viewport (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // /join: the longest form, in two columns on a wide screen and one on a phone.
  test('axe finds nothing on /join', async ({ page }) => {
    await gotoHydrated(page, '/join');
    await expectNoAxeViolations(page);
  });

  test('axe finds nothing with the mobile menu open', async ({ page }) => {
    await gotoHydrated(page, '/join');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

async function outlineOf(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
}

async function expectVisibleFocus(locator: Locator) {
  await expect(locator).toBeFocused();
  const outline = await outlineOf(locator);
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

/** Presses Tab until `target` has focus (at most `max` times), failing otherwise. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('the contact form can be filled and sent with the keyboard alone', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  const email = form.getByRole('textbox', { name: 'Email', exact: true });
  const message = form.getByRole('textbox', { name: 'Message', exact: true });
  const send = form.getByRole('button', { name: 'Send Message' });

  await tabTo(page, name);
  await expectVisibleFocus(name);
  await page.keyboard.type('Sarah Levi');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(email);
  await page.keyboard.type(uniqueEmail('keyboard'));
  await page.keyboard.press('Tab');
  await expectVisibleFocus(message);
  await page.keyboard.type('Please pray for my family this week.');
  // The hidden honeypot is skipped: the next stop is the button.
  await page.keyboard.press('Tab');
  await expectVisibleFocus(send);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status')).toContainText('Message Sent!');
  await expect(name).toHaveValue('');
});

test('Enter in a field submits, and errors send focus to the first invalid field', async ({
  page,
}) => {
  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  const email = form.getByRole('textbox', { name: 'Email', exact: true });
  await tabTo(page, name);
  await page.keyboard.type('Sarah Levi');
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  await expectVisibleFocus(email);
});

test('links and buttons show a visible focus outline', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  // The first stop is the skip link, then the header's links.
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Tab');
  await expectVisibleFocus(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link').first(),
  );
  const inspire = page.getByRole('contentinfo').getByRole('button', { name: 'Inspire Me' });
  await tabTo(page, inspire, 60);
  await expectVisibleFocus(inspire);
});
