import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { notFoundRoute, routes } from '~/client/app/routes';
import { expectNoAxeViolations } from './support/axe';
import { expectVisibleFocusOn, tabTo } from './support/keyboard';
import { expectNothingMoved, recordMotion } from './support/motion';
import { gotoHydrated, menuToggle, toast, uniqueEmail } from './support/public-site';
import { serveStripeStandIn } from './support/stripe';

/**
 * Automated checks (axe: WCAG 2.x A/AA and best practices) on the public pages and their
 * interactive states, and keyboard use of the contact form (the other keyboard journeys are in
 * keyboard.spec.ts). Every page of the route table is checked here or in the spec named below.
 */

/** Pages and states checked here, each once what `shows` finds is on screen. */
const pages: { path: string; shows?: (page: Page) => Locator }[] = [
  { path: '/join' },
  // The One-Time tab; donate.spec.ts checks the Monthly one.
  { path: '/donate' },
  { path: '/contact' },
  { path: '/videos' },
  { path: '/test-stripe' },
  // The newsletter's pages as an old or mistyped link finds them (the confirmed page, reached
  // from a real confirmation mail, is keyboard.spec.ts's).
  { path: '/newsletter', shows: (page) => page.getByText('This Link Is Not Valid') },
  {
    path: '/newsletter/unsubscribe?token=not-a-real-token',
    shows: (page) => page.getByRole('button', { name: 'Unsubscribe' }),
  },
  {
    path: '/newsletter/confirm?token=not-a-real-token',
    shows: (page) => page.getByRole('button', { name: 'Confirm my subscription' }),
  },
  // Names for prayer, signed out: the form that asks for a link, the emailed link's button
  // (ADR 034), then a refused link.
  {
    path: '/prayer-names',
    shows: (page) => page.getByRole('button', { name: 'Send me the link' }),
  },
  {
    path: '/prayer-names?token=not-a-real-token',
    shows: (page) => page.getByRole('button', { name: 'Open my names' }),
  },
  {
    path: '/prayer-names?link=invalid',
    shows: (page) => page.locator('#main').getByRole('alert'),
  },
  // 'My giving' as its emailed link shows it: the button (its other states: my-giving.spec.ts).
  {
    path: '/my-giving?token=not-a-real-token',
    shows: (page) => page.getByRole('button', { name: 'Show my giving' }),
  },
  // A gift's page from a link that is not (or no longer) valid.
  {
    path: '/donate/manage?token=not-a-real-token',
    shows: (page) => page.locator('#main').getByRole('alert'),
  },
  {
    path: '/donate/opt-out?token=not-a-real-token',
    shows: (page) => page.locator('#main').getByRole('alert'),
  },
];

/** Routes whose axe checks are in other specs, with the states they check there. */
const checkedElsewhere: Record<string, string> = {
  '/': 'home.spec.ts',
  '/checkout': 'checkout-card.spec.ts (card, with the Stripe stand-in; Payment Setup Error)',
  '/checkout/ojc': 'checkout-ojc.spec.ts (the payment page and its success)',
  '/donate/cancel': 'checkout-ojc.spec.ts (from a receipt’s link)',
  '/donate/opt-out': 'campaign-opt-out.spec.ts (from a campaign gift’s receipt, before and after)',
  '/campaign':
    'campaign-page.spec.ts (a published campaign, without JavaScript on a phone and with it); campaign-page-teams.spec.ts (its leaderboard, a team’s link, the ambassador’s form refused and sent)',
  '/campaign/:slug/screen': 'campaign-screen.spec.ts (at 1280×720, 1920×1080 and on a phone)',
  '/campaign/:slug/embed': 'campaign-screen.spec.ts (the thermometer another site frames)',
  '/campaign/:slug/team/:team':
    'campaign-teams.spec.ts (a team’s page on a phone, with and without JavaScript)',
  '/campaign/:slug/team/:team/list':
    'campaign-team-list.spec.ts (a leader’s list on a phone from its link, and a forged link)',
  '/my-giving': 'my-giving.spec.ts (signed out, and a donor’s giving: desk and phone)',
  '/admin': 'admin.spec.ts (sign-in, every dashboard tab) and the admin-*.spec.ts',
};

test('every page of the route table has its axe check', () => {
  const here = new Set([...pages.map((p) => p.path.split('?')[0]), '/404']);
  const pageRoutes = [...routes, notFoundRoute].map((route) => route.path);
  expect(pageRoutes.filter((path) => !here.has(path) && !(path in checkedElsewhere))).toEqual([]);
  for (const [path, where] of Object.entries(checkedElsewhere)) {
    const spec = readFileSync(join(import.meta.dirname, where.split(' ')[0]!), 'utf8');
    expect(spec, `${path}: ${where}`).toContain('expectNoAxeViolations(page)');
  }
});

for (const { path, shows } of pages) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    if (shows) await expect(shows(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

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
    await menuToggle(page).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('under reduced motion nothing moves by itself on the pages with a spinner or a player', async ({
  page,
}) => {
  // The home page's carousels are home.spec.ts's.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await recordMotion(page);
  await serveStripeStandIn(page);
  await page.clock.install();
  const visits: [string, (page: Page) => Locator][] = [
    // The spinner while the payment is set up, then the card form.
    [
      '/checkout?amount=36&type=onetime&method=credit_card',
      (p) => p.getByTestId('stripe-payment-element'),
    ],
    // The spinner while the session is checked, then the sign-in form.
    ['/admin', (p) => p.getByRole('form', { name: 'Admin sign-in' })],
    ['/videos', (p) => p.getByRole('heading', { level: 1 })],
    ['/donate', (p) => p.getByRole('tab', { name: 'One-Time' })],
  ];
  for (const [path, shows] of visits) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(shows(page)).toBeVisible();
      await expectNothingMoved(page);
      await page.clock.runFor(8000);
      await expectNothingMoved(page);
    });
  }
});

test('the contact form can be filled and sent with the keyboard alone', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  const email = form.getByRole('textbox', { name: 'Email', exact: true });
  const message = form.getByRole('textbox', { name: 'Message', exact: true });
  const send = form.getByRole('button', { name: 'Send Message' });

  await tabTo(page, name);
  await expectVisibleFocusOn(page, name);
  await page.keyboard.type('Sarah Levi');
  await page.keyboard.press('Tab');
  await expectVisibleFocusOn(page, email);
  await page.keyboard.type(uniqueEmail('keyboard'));
  await page.keyboard.press('Tab');
  await expectVisibleFocusOn(page, message);
  await page.keyboard.type('Please pray for my family this week.');
  // The hidden honeypot is skipped: the next stop is the button.
  await page.keyboard.press('Tab');
  await expectVisibleFocusOn(page, send);
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
  await expectVisibleFocusOn(page, email);
});

test('links and buttons show a visible focus outline', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  // The first stop is the skip link, then the header's links.
  await page.keyboard.press('Tab');
  await expectVisibleFocusOn(page, page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Tab');
  await expectVisibleFocusOn(
    page,
    page.getByRole('navigation', { name: 'Main' }).getByRole('link').first(),
  );
  const inspire = page.getByRole('contentinfo').getByRole('button', { name: 'Inspire Me' });
  await tabTo(page, inspire, { max: 60 });
  await expectVisibleFocusOn(page, inspire);
});
