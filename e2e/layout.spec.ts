import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, menuToggle, trackPageErrors } from './support/public-site';

/** Spec 2, Layout: the fixed top navigation, the mobile menu, the footer, and each page's head. */

const anchorLinks = [
  { name: 'Home', href: '/#home' },
  { name: 'Miracles', href: '/#miracles' },
  { name: 'Rabbi', href: '/#rabbi' },
  { name: 'Membership', href: '/#membership' },
];
const routeLinks = [
  { name: 'Videos', href: '/videos' },
  // Beyond the spec's list: joining is one click from every page.
  { name: 'Join', href: '/join' },
  { name: 'Donate', href: '/donate' },
  { name: 'Contact', href: '/contact' },
];

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * Scrolls to the bottom. How far that is depends on the page's content at the time (/videos is
 * short while no test has uploaded a video), so any distance from the top will do.
 */
async function scrollDown(page: Page) {
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

test.describe('top navigation', () => {
  test('is fixed at the top and has the anchor links and the route links', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const nav = mainNav(page);
    for (const link of [...anchorLinks, ...routeLinks]) {
      const locator = nav.getByRole('link', { name: link.name, exact: true });
      await expect(locator).toBeVisible();
      await expect(locator).toHaveAttribute('href', link.href);
    }
    await expect(nav.getByRole('link', { name: 'Tziyun' })).toHaveAttribute('href', '/');
    // The current page is marked for assistive technology.
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Videos', exact: true })).not.toHaveAttribute(
      'aria-current',
    );

    // Fixed: still in view, at the very top, after scrolling down.
    await scrollDown(page);
    await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
    await expect(nav.getByRole('link', { name: 'Donate', exact: true })).toBeInViewport();
  });

  test('a route link navigates client-side and scrolls to the top', async ({ page }) => {
    const errors = trackPageErrors(page);
    await gotoHydrated(page, '/join');
    await page.evaluate(() => {
      (window as unknown as { __noReload: string }).__noReload = 'still here';
    });
    await scrollDown(page);

    await mainNav(page).getByRole('link', { name: 'Videos', exact: true }).click();
    await expect(page).toHaveURL(/\/videos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Teaching Videos' })).toBeVisible();
    // A full reload would have cleared the marker.
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload),
    ).toBe('still here');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle('Teaching Videos | Tziyun');

    // Again from the new page, to another one.
    await scrollDown(page);
    await mainNav(page).getByRole('link', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Support Our Sacred Mission' }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload),
    ).toBe('still here');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle('Donate | Tziyun');
    expect(errors).toEqual([]);
  });

  test('a footer route link scrolls the new page to the top as well', async ({ page }) => {
    await gotoHydrated(page, '/join');
    await page.evaluate(() => {
      (window as unknown as { __noReload: string }).__noReload = 'still here';
    });
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await quickLinks.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Connect to Your Journey' }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload),
    ).toBe('still here');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the menu toggle is hidden on a wide screen', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await expect(menuToggle(page)).toBeHidden();
  });
});

test.describe('mobile menu (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the desktop links are hidden and the toggle opens and closes the menu', async ({
    page,
  }) => {
    await gotoHydrated(page, '/contact');
    const nav = mainNav(page);
    // Each link is in the nav twice (desktop row, mobile menu): at this width, both hidden.
    for (const link of [...anchorLinks, ...routeLinks]) {
      const matches = nav.getByRole('link', { name: link.name, exact: true, includeHidden: true });
      await expect(matches).toHaveCount(2);
      for (const match of await matches.all()) await expect(match).toBeHidden();
    }

    // A <details> disclosure: its summary is the toggle, and says whether it is expanded.
    const toggle = menuToggle(page);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAccessibleName('Menu');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Menu');
    await expect(menu).toBeVisible();
    for (const link of [...anchorLinks, ...routeLinks]) {
      const locator = menu.getByRole('link', { name: link.name, exact: true });
      await expect(locator).toBeVisible();
      await expect(locator).toHaveAttribute('href', link.href);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAccessibleName('Menu');

    // The toggle closes it too, and the keyboard works it (Enter on the focused summary).
    await toggle.click();
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
  });

  test('choosing a link closes the menu and navigates', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await page.evaluate(() => {
      (window as unknown as { __noReload: string }).__noReload = 'still here';
    });
    await menuToggle(page).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Donate', exact: true }).click();

    await expect(page).toHaveURL(/\/donate$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Support Our Sacred Mission' }),
    ).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(menuToggle(page)).toHaveAccessibleName('Menu');
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload),
    ).toBe('still here');
  });
});

test.describe('footer', () => {
  test('has the quick links', async ({ page }) => {
    await gotoHydrated(page, '/videos');
    const quickLinks = page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Quick links' });
    const expected = [
      { name: 'Home', href: '/#home' },
      { name: 'Membership Tiers', href: '/#tiers' },
      { name: 'Miracles', href: '/#miracles' },
      { name: 'The Rabbi', href: '/#rabbi' },
      { name: 'Join', href: '/join' },
      { name: 'Videos', href: '/videos' },
      { name: 'Donate', href: '/donate' },
      { name: 'Contact', href: '/contact' },
      // Not in the spec's list: where a donor finds their gifts and receipts.
      { name: 'My Giving', href: '/my-giving' },
    ];
    await expect(quickLinks.getByRole('link')).toHaveCount(expected.length);
    for (const link of expected) {
      await expect(quickLinks.getByRole('link', { name: link.name, exact: true })).toHaveAttribute(
        'href',
        link.href,
      );
    }
  });

  test('has the six social links, each opening in a new tab with noopener', async ({ page }) => {
    await gotoHydrated(page, '/videos');
    const footer = page.getByRole('contentinfo');
    for (const network of ['Twitter', 'Instagram', 'Facebook', 'TikTok', 'YouTube', 'WhatsApp']) {
      const link = footer.getByRole('link', { name: new RegExp(`^${network}\\b`) });
      await expect(link, network).toHaveCount(1);
      await expect(link, network).toBeVisible();
      await expect(link, network).toHaveAttribute('href', /^https:\/\//);
      await expect(link, network).toHaveAttribute('target', '_blank');
      await expect(link, network).toHaveAttribute('rel', /\bnoopener\b/);
      // Its mark is drawn: the page names it in the icons' file (ADR 042), which has loaded.
      await expect
        .poll(() => link.locator('svg use').evaluate((use: SVGUseElement) => use.getBBox().width))
        .toBeGreaterThan(0);
    }
  });

  test('has the newsletter form with the Inspire Me button', async ({ page }) => {
    await gotoHydrated(page, '/videos');
    const newsletter = page
      .getByRole('contentinfo')
      .getByRole('form', { name: 'Newsletter signup' });
    await expect(newsletter.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(newsletter.getByRole('button', { name: 'Inspire Me' })).toBeVisible();
  });

  test('has a copyright line with ©, the year and the legal name', async ({ page }) => {
    // The legal name ends with a period already: no doubled period may follow it.
    await gotoHydrated(page, '/videos');
    const footer = page.getByRole('contentinfo');
    const year = new Date().getFullYear();
    const copyright = footer.getByText(/©/);
    await expect(copyright).toHaveCount(1);
    await expect(copyright).toContainText(`© ${year} Tziyun Community Inc.`);
    await expect(copyright).not.toContainText('..');
    await expect(copyright).toHaveText(
      new RegExp(`^© ${year} Tziyun Community Inc\\. All rights reserved\\.`),
    );
  });
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab continues inside the main content, not back in the header.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(
    () => document.querySelector('main')?.contains(document.activeElement) ?? false,
  );
  expect(inMain).toBe(true);
});

const pages = [
  { path: '/', title: 'Tziyun | Prayers at the Holy Tziyun in Monsey' },
  { path: '/join', title: 'Join the Community | Tziyun' },
  { path: '/contact', title: 'Contact Us | Tziyun' },
  { path: '/donate', title: 'Donate | Tziyun' },
  { path: '/videos', title: 'Teaching Videos | Tziyun' },
  { path: '/test-stripe', title: 'Payment Configuration Test | Tziyun' },
];

test('each public page has its own title, a meta description and a canonical link', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  const descriptions = new Map<string, string>();
  for (const { path, title } of pages) {
    const response = await gotoHydrated(page, path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.trim().length ?? 0, `${path} meta description`).toBeGreaterThan(20);
    descriptions.set(path, description!);
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute(
      'href',
      `${origin}${path}`,
    );
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(1);
  }
  // The indexed pages each describe themselves.
  const indexed = ['/', '/join', '/contact', '/donate', '/videos'].map((p) => descriptions.get(p));
  expect(new Set(indexed).size).toBe(indexed.length);
  expect(errors).toEqual([]);
});

test('a page reached with a trailing slash names its own address as canonical', async ({
  page,
}) => {
  // One address per page: /join/ redirects to /join, whose canonical link names itself.
  for (const path of ['/join', '/contact']) {
    const response = await gotoHydrated(page, `${path}/`);
    expect(response?.status()).toBe(200);
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute(
      'href',
      `${origin}${path}`,
    );
  }
});
