import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  failOnPageErrors,
  OWNER,
  sectionLink,
  sectionNav,
  sectionRegion,
  signInByApi,
} from './support/admin';
import { uniqueEmail } from './support/public-site';

/**
 * The admin screens fit: on a desk (1280 × 800) and a phone (390 × 844)
 * every section opens without a sideways scroll of the page and with every control on screen,
 * with long names, long addresses and long messages in the lists; the open section is in the
 * address; the chart's labels are readable on a phone.
 */

failOnPageErrors();

const desk = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

const stamp = Date.now().toString(36);
const longName = `Yehudis Bracha Rosenberg-Katzenellenbogen ${stamp}`;
const longEmail = (prefix: string) =>
  uniqueEmail(`${prefix}.with.a.very.long.address.for.the.whole.family.rosenberg-katzenellenbogen`);
const longMessage = [
  'Shalom, I am writing on behalf of my whole extended family, who have been coming to the',
  'tziyun every year before the Yamim Noraim since my grandfather first brought us there.',
  'We would like to arrange a group visit of about forty people, including elderly relatives',
  'who need a place to sit, and we wondered whether the office could help with the schedule.',
  'Our itinerary is at https://example.org/a/very/long/path/that/does/not/break/anywhere/naturally/at/all',
  'and my number is on the form. Thank you so much for everything you do for the community!',
].join(' ');

/** The sections an owner sees, in the navigation's order, and what shows each one is loaded. */
const sections: { name: string; ready?: (region: Locator) => Locator }[] = [
  { name: 'Donor Management', ready: (r) => r.getByRole('table', { name: /donors/i }) },
  { name: 'Video Management' },
  { name: 'GoHighLevel CRM' },
  { name: 'Zapier Integration' },
  {
    name: 'Gifts Received',
    ready: (r) => r.getByRole('form', { name: 'Record a gift received another way' }),
  },
  { name: 'Pledges', ready: (r) => r.getByRole('form', { name: 'Record a pledge' }) },
  { name: 'Background Jobs', ready: (r) => r.getByRole('table', { name: 'All jobs' }) },
  { name: 'Messages', ready: (r) => r.getByRole('row').filter({ hasText: longName }) },
  { name: 'Applications', ready: (r) => r.getByRole('row').filter({ hasText: longName }) },
  { name: 'Members', ready: (r) => r.getByRole('row').filter({ hasText: longName }) },
  { name: 'Prayer List' },
  { name: 'Subscribers', ready: (r) => r.getByRole('table') },
  {
    name: 'Site Content',
    ready: (r) => r.getByRole('navigation', { name: 'Sections of the site' }),
  },
  {
    name: 'Statements & Privacy',
    ready: (r) => r.getByRole('heading', { name: 'Requests to be forgotten' }),
  },
  { name: 'Campaigns', ready: (r) => r.getByRole('button', { name: 'New campaign' }) },
  { name: 'Administrators', ready: (r) => r.getByRole('table') },
  { name: 'Audit Log', ready: (r) => r.getByRole('table') },
];

test.beforeAll(async ({ request }) => {
  const posts = [
    request.post('/api/contact', {
      data: { name: longName, email: longEmail('message'), message: longMessage },
    }),
    request.post('/api/membership-applications', {
      data: {
        firstName: 'Yehudis Bracha',
        lastName: `Rosenberg-Katzenellenbogen ${stamp}`,
        email: longEmail('applicant'),
        phone: '+1 (845) 555-0123',
        membershipTier: 'beacon',
        message: longMessage,
        prayerIntentions: `${longMessage} ${longMessage}`,
      },
    }),
    request.post('/api/newsletter', { data: { email: longEmail('subscriber') } }),
    request.post('/api/ojc/create-payment', {
      data: {
        amount: 180,
        donorName: longName,
        donorEmail: longEmail('donor'),
        donationType: 'onetime',
        idempotencyKey: randomUUID(),
      },
    }),
  ];
  for (const response of await Promise.all(posts)) {
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  }
});

async function openDashboard(page: Page, path = '/admin') {
  await signInByApi(page, OWNER);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** Chooses a section from the navigation, through its menu button on a phone. */
async function choose(page: Page, name: string) {
  const menu = sectionNav(page).getByRole('button', { name: /^Section: / });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  await sectionLink(page, name).click();
  const region = sectionRegion(page, name);
  await expect(region.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(region.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  return region;
}

/** The page does not scroll sideways, and every control of `scope` is on screen. */
async function expectToFit(page: Page, scope: Locator, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `${what}: the page is wider than the screen`).toBeLessThanOrEqual(
    clientWidth,
  );
  const offScreen = await scope.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const controls = root.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, summary',
    );
    return Array.from(controls)
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.left < -0.5 || box.right > width + 0.5)
      .map(
        ({ el, box }) =>
          `<${el.localName}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" at ${Math.round(box.left)}–${Math.round(box.right)} px`,
      );
  });
  expect(offScreen, `${what}: controls off the screen`).toEqual([]);
}

for (const [label, viewport] of [
  ['desk, 1280 px', desk],
  ['phone, 390 px', phone],
] as const) {
  test(`every section fits on a ${label}: no sideways scroll, every control on screen`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openDashboard(page);
    await expect(sectionNav(page).getByRole('link', { includeHidden: true })).toHaveText(
      sections.map((s) => s.name),
    );
    for (const { name, ready } of sections) {
      const region = await choose(page, name);
      if (ready) await expect(ready(region).first()).toBeVisible();
      await expectToFit(page, page.locator('body'), `${name} at ${viewport.width} px`);
    }
  });
}

test('the lists at 390 px: each message and application is a card with its actions in view', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await openDashboard(page, '/admin?section=messages');
  const messages = sectionRegion(page, 'Messages');
  const message = messages.getByRole('row').filter({ hasText: longName });
  await expect(message).toContainText(longMessage);
  // Stacked: the column's name leads each cell, and the row is no wider than the screen.
  await expect(message.getByRole('cell').first()).toHaveAttribute('data-label', 'Received');
  const box = (await message.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  const archive = message.getByRole('button', { name: /^Archive/ });
  await archive.scrollIntoViewIfNeeded();
  await expect(archive).toBeInViewport();
  await expectNoAxeViolations(page);

  await choose(page, 'Applications');
  const application = sectionRegion(page, 'Applications')
    .getByRole('row')
    .filter({ hasText: longName });
  await application.getByRole('button', { name: /^Save notes on/ }).scrollIntoViewIfNeeded();
  await expect(application.getByRole('button', { name: /^Save notes on/ })).toBeInViewport();
  await expectToFit(page, application, 'the application');
  await expectNoAxeViolations(page);
});

test('the open section is in the address: reload, Back and Forward keep it', async ({ page }) => {
  await openDashboard(page);
  await expect(sectionLink(page, 'Donor Management')).toHaveAttribute('aria-current', 'page');

  await choose(page, 'Messages');
  await expect(page).toHaveURL('/admin?section=messages');
  await page.reload();
  await expect(sectionLink(page, 'Messages')).toHaveAttribute('aria-current', 'page');
  await expect(
    sectionRegion(page, 'Messages').getByRole('heading', { level: 2, name: 'Messages' }),
  ).toBeVisible();

  await choose(page, 'Members');
  await expect(page).toHaveURL('/admin?section=members');
  await page.goBack();
  await expect(page).toHaveURL('/admin?section=messages');
  await expect(sectionLink(page, 'Messages')).toHaveAttribute('aria-current', 'page');
  await expect(
    sectionRegion(page, 'Messages').getByRole('heading', { level: 2, name: 'Messages' }),
  ).toBeVisible();
  await page.goForward();
  await expect(sectionLink(page, 'Members')).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/admin');
  await expect(sectionLink(page, 'Donor Management')).toHaveAttribute('aria-current', 'page');
});

test('on a phone the sections are one menu button, by keyboard, without motion when reduced', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openDashboard(page);
  const menu = sectionNav(page).getByRole('button', { name: 'Section: Donor Management' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(sectionLink(page, 'Messages')).toBeHidden();
  // The menu takes one line, not a block of twelve.
  expect((await sectionNav(page).boundingBox())!.height).toBeLessThan(60);

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sectionLink(page, 'Audit Log')).toBeVisible();
  // The chevron turns at once: no transition under reduced motion, nothing animating.
  const chevron = sectionNav(page)
    .getByRole('button', { name: /^Section: / })
    .locator('svg');
  expect(
    await chevron.evaluate((svg) => parseFloat(getComputedStyle(svg).transitionDuration)),
  ).toBeLessThan(0.001);
  // A transition caught in its first frame is over within 0.01 ms under reduced motion; a real
  // one (150 ms and up) would still be running when the 100 ms are up.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().length), {
      timeout: 100,
      intervals: [10],
    })
    .toBe(0);
  await expectToFit(page, sectionNav(page), 'the open menu');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  await page.keyboard.press('Enter');
  await sectionLink(page, 'Subscribers').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin?section=subscribers');
  await expect(sectionRegion(page, 'Subscribers')).toBeFocused();
  await expect(
    sectionNav(page).getByRole('button', { name: 'Section: Subscribers' }),
  ).toHaveAttribute('aria-expanded', 'false');
  // Without the preference, the chevron turns in a short transition.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(
    await chevron.evaluate((svg) => parseFloat(getComputedStyle(svg).transitionDuration)),
  ).toBeGreaterThan(0.05);
});

test('giving by month reads on a phone: lines of text at the page’s size, not a shrunken drawing', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await openDashboard(page);
  const chart = sectionRegion(page, 'Donor Management').getByRole('figure', {
    name: 'Giving by month, last 12 months',
  });
  const picture = chart.getByRole('img');
  await expect(picture).toHaveAccessibleName(/^Net giving by month from /);
  await expect(chart.locator('svg[role=img]')).toBeHidden();
  const lines = chart.getByTestId('month-bar');
  await expect(lines).toHaveCount(12);
  const sizes = await lines.evaluateAll((rows) =>
    rows.flatMap((row) =>
      Array.from(row.querySelectorAll('span'), (s) => parseFloat(getComputedStyle(s).fontSize)),
    ),
  );
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);

  // On a desk the drawing, whose labels are drawn no smaller than 11 px.
  await page.setViewportSize(desk);
  await expect(chart.locator('svg[role=img]')).toBeVisible();
  await expect(lines.first()).toBeHidden();
  const drawn = await chart
    .locator('svg[role=img] text')
    .evaluateAll((texts) =>
      texts.map(
        (t) => parseFloat(getComputedStyle(t).fontSize) * (t as SVGTextElement).getScreenCTM()!.a,
      ),
    );
  expect(Math.min(...drawn)).toBeGreaterThanOrEqual(11);
});
