import { expect, test, type Locator, type Page } from '@playwright/test';
import siteConfig from '@site-config';
import { formatIsoDate } from '~/client/features/home/lib/format-date';
import { isoDateIn, nextSessionDate } from '~/shared/schedule';
import { expectNoAxeViolations } from './support/axe';
import { expectVisibleFocusOn, press, tabTo } from './support/keyboard';
import { expectNothingMoved, recordMotion } from './support/motion';
import { gotoHydrated } from './support/public-site';

/**
 * The home page (spec 2 and 4). Carousel timing runs on Playwright's fake clock: it is paused
 * once the page has hydrated, and each test starts rotation afresh at a known moment by moving
 * the pointer over the carousel and away again.
 */

const hero = (page: Page) => page.locator('#home');
/** The mentorship circle's next session on or after today (the site's time zone). */
const nextMentorship = () =>
  nextSessionDate(
    siteConfig.mentorship.nextSession,
    siteConfig.mentorship.everyMonths,
    isoDateIn(new Date(), siteConfig.timeZone),
  );
const testimonials = (page: Page) => page.getByRole('region', { name: 'Testimonials' });

/** The carousel's active item, read from its dots ('Go to slide N' with aria-current). */
async function expectActive(carousel: Locator, item: 'slide' | 'testimonial', n: number) {
  await expect(carousel.locator('[aria-current="true"]')).toHaveAccessibleName(
    `Go to ${item} ${n}`,
  );
}

async function openWithClock(page: Page) {
  await page.clock.install();
  await page.goto('/');
  // Rotation is on only once React has hydrated the page.
  await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}

/** Hovering pauses rotation; leaving starts a full interval from the (paused) current time. */
async function restartRotation(page: Page, carousel: Locator) {
  await carousel.hover();
  await expect(carousel).toHaveAttribute('data-autoplay', 'off');
  await page.mouse.move(2, 2);
  await expect(carousel).toHaveAttribute('data-autoplay', 'on');
}

/** Presses Tab until focus has left `region`, checking each stop's focus indicator. */
async function tabOutOf(page: Page, region: Locator) {
  for (let i = 0; i < 10; i += 1) {
    await press(page, 'Tab');
    if (!(await region.evaluate((el) => el.contains(document.activeElement)))) return;
  }
  throw new Error(`Tab never left ${region.toString()}`);
}

/**
 * Waits for the section to come to rest 80 px below the top, under the fixed header: two reads in
 * a row at the same place, within 2 px of it. Polled on the position itself, not on the scroll
 * standing still (on a slow machine the smooth scroll can start a frame or two after the click,
 * and two equal reads before it started passed for "done"); and at rest, not merely passing by.
 */
async function expectTopBelowHeader(page: Page, selector: string) {
  const section = page.locator(selector);
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const top = await section.evaluate((el) => el.getBoundingClientRect().top);
        const resting = top === last;
        last = top;
        return resting ? Math.abs(top - 80) : Number.POSITIVE_INFINITY;
      },
      { intervals: [100], timeout: 10_000 },
    )
    .toBeLessThanOrEqual(2);
}

test.describe('server-rendered page', () => {
  test('has every section, in order, with one h1', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const ids = ['home', 'storyline', 'tiers', 'miracles', 'rabbi', 'membership', 'donate'];
    const positions = ids.map((id) => html.indexOf(`id="${id}"`));
    positions.forEach((pos, i) => expect(pos, ids[i]).toBeGreaterThan(-1));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html.indexOf('id="contact"')).toBeGreaterThan(positions.at(-1)!);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const text of [
      siteConfig.hero[0]!.title[1],
      siteConfig.hero[2]!.subtitle.slice(0, 40),
      siteConfig.welcome.heading,
      'Ignite Your Path',
      siteConfig.testimonials[2]!.author,
      siteConfig.miracles[1]!.content.slice(0, 40),
      // The mentorship circle's next date, rolled forward from the configured one.
      formatIsoDate(nextMentorship()),
      siteConfig.whatsappChannel.heading,
    ]) {
      expect(html, text).toContain(text.replace(/&/g, '&amp;'));
    }
  });

  test('hydrates without errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    expect(errors).toEqual([]);
  });
});

test.describe('hero carousel', () => {
  test('advances every 7 s and wraps to the first slide', async ({ page }) => {
    await openWithClock(page);
    await expectActive(hero(page), 'slide', 1);
    await restartRotation(page, hero(page));
    await page.clock.runFor(6900);
    await expectActive(hero(page), 'slide', 1);
    await page.clock.runFor(100);
    await expectActive(hero(page), 'slide', 2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      siteConfig.hero[1]!.title.join(' '),
    );
    await page.clock.runFor(7000);
    await expectActive(hero(page), 'slide', 3);
    await page.clock.runFor(7000);
    await expectActive(hero(page), 'slide', 1);
  });

  test('arrows wrap both ways and a second change within 500 ms is refused', async ({ page }) => {
    await openWithClock(page);
    const previous = page.getByRole('button', { name: 'Previous slide' });
    const next = page.getByRole('button', { name: 'Next slide' });
    await previous.click();
    await expectActive(hero(page), 'slide', 3);
    await expect(hero(page).getByRole('group')).toHaveAccessibleName('3 of 3');
    await expect(hero(page).getByRole('link', { name: 'Meet Rabbi Weiss' })).toHaveAttribute(
      'href',
      '/#rabbi',
    );
    await page.clock.runFor(300);
    await next.click();
    await expectActive(hero(page), 'slide', 3);
    await page.clock.runFor(250);
    await next.click();
    await expectActive(hero(page), 'slide', 1);
    await page.clock.runFor(499);
    await page.getByRole('button', { name: 'Go to slide 2' }).click();
    await expectActive(hero(page), 'slide', 1);
    await page.clock.runFor(1);
    await page.getByRole('button', { name: 'Go to slide 2' }).click();
    await expectActive(hero(page), 'slide', 2);
    await expect(hero(page).getByRole('link', { name: 'Discover Miracles' })).toHaveAttribute(
      'href',
      '/#miracles',
    );
  });

  test('only the active slide is exposed; its button links where the slide says', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = hero(page).locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await expect(slides.nth(1)).toHaveAttribute('aria-hidden', 'true');
    await expect(slides.nth(1)).toHaveAttribute('inert', '');
    await expect(hero(page).getByRole('link')).toHaveCount(1);
    await expect(hero(page).getByRole('link', { name: 'Support Our Mission' })).toHaveAttribute(
      'href',
      '/donate',
    );
    const first = hero(page).locator('img').first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(hero(page).locator('img').nth(2)).toHaveAttribute('loading', 'lazy');
  });

  test('the pause button stops rotation and play resumes it', async ({ page }) => {
    await openWithClock(page);
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.mouse.move(2, 2);
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'off');
    await page.clock.runFor(30_000);
    await expectActive(hero(page), 'slide', 1);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.mouse.move(2, 2);
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    await page.clock.runFor(7000);
    await expectActive(hero(page), 'slide', 2);
  });

  test('the pause button works from the keyboard, and holds once focus has left', async ({
    page,
  }) => {
    await openWithClock(page);
    const pause = hero(page).getByRole('button', { name: 'Pause slideshow' });
    const play = hero(page).getByRole('button', { name: 'Play slideshow' });
    await tabTo(page, pause);
    await page.keyboard.press('Enter');
    // The button keeps focus as it turns into Play.
    await expectVisibleFocusOn(page, play);
    // Focus inside pauses on its own: leave the carousel, then rotation must stay off.
    await tabOutOf(page, hero(page));
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'off');
    await page.clock.runFor(30_000);
    await expectActive(hero(page), 'slide', 1);

    await tabTo(page, play, { backwards: true });
    await page.keyboard.press('Space');
    await expectVisibleFocusOn(page, pause);
    await tabOutOf(page, hero(page));
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    await page.clock.runFor(7000);
    await expectActive(hero(page), 'slide', 2);
  });

  test('keyboard focus inside pauses rotation', async ({ page }) => {
    await openWithClock(page);
    await page.getByRole('link', { name: 'Support Our Mission' }).focus();
    await page.keyboard.press('Tab');
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'off');
    await page.clock.runFor(30_000);
    await expectActive(hero(page), 'slide', 1);
  });

  test('the scroll-down arrow brings the storyline under the header', async ({ page }) => {
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    await page.getByRole('button', { name: 'Scroll to the next section' }).click();
    await expectTopBelowHeader(page, '#storyline');
    await expect(page.locator('#storyline')).toBeFocused();
  });
});

test.describe('testimonial carousel', () => {
  test('advances every 5 s; a manual click holds it 10 s, then it resumes', async ({ page }) => {
    await openWithClock(page);
    const carousel = testimonials(page);
    await expect(carousel.getByRole('button', { name: /^Go to testimonial/ })).toHaveCount(
      siteConfig.testimonials.length,
    );
    await restartRotation(page, carousel);
    await page.clock.runFor(4900);
    await expectActive(carousel, 'testimonial', 1);
    await page.clock.runFor(100);
    await expectActive(carousel, 'testimonial', 2);
    await expect(carousel.getByRole('heading', { level: 3 })).toHaveText(
      siteConfig.testimonials[1]!.title,
    );

    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expectActive(carousel, 'testimonial', 3);
    await page.mouse.move(2, 2);
    await expect(carousel).toHaveAttribute('data-autoplay', 'on');
    await page.clock.runFor(10_000);
    await expectActive(carousel, 'testimonial', 3);
    // Rotation has resumed: the next change comes one interval after the hold.
    await page.clock.runFor(4900);
    await expectActive(carousel, 'testimonial', 3);
    await page.clock.runFor(100);
    await expectActive(carousel, 'testimonial', 1);
  });

  test('Space on the pause button stops rotation from the keyboard', async ({ page }) => {
    await openWithClock(page);
    const carousel = testimonials(page);
    // The hero's test Tabs in from the top of the page; here Tab starts at the carousel's first
    // control, to save the forty stops on the way.
    await carousel.getByRole('button', { name: 'Previous testimonial' }).focus();
    await tabTo(page, carousel.getByRole('button', { name: 'Pause testimonials' }));
    await page.keyboard.press('Space');
    await expectVisibleFocusOn(page, carousel.getByRole('button', { name: 'Play testimonials' }));
    await tabOutOf(page, carousel);
    await expect(carousel).toHaveAttribute('data-autoplay', 'off');
    await page.clock.runFor(20_000);
    await expectActive(carousel, 'testimonial', 1);
  });

  test('previous wraps to the last and dots jump', async ({ page }) => {
    await openWithClock(page);
    const carousel = testimonials(page);
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expectActive(carousel, 'testimonial', 3);
    await carousel.getByRole('button', { name: 'Go to testimonial 2' }).click();
    await expectActive(carousel, 'testimonial', 2);
    await carousel.getByRole('button', { name: 'Pause testimonials' }).click();
    await expect(carousel.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
  });
});

test('under reduced motion nothing rotates, nor moves by itself', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await recordMotion(page);
  await page.clock.install();
  await page.goto('/');
  // Once hydrated, the pause buttons go: there is no rotation to pause.
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause testimonials' })).toHaveCount(0);
  await expect(hero(page)).toHaveAttribute('data-autoplay', 'off');
  await expectNothingMoved(page);
  // Well past both intervals (hero 7 s, testimonials 5 s).
  await page.clock.runFor(60_000);
  await expectActive(hero(page), 'slide', 1);
  await expectActive(testimonials(page), 'testimonial', 1);
  await expectNothingMoved(page);
  // Manual navigation still works.
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expectActive(hero(page), 'slide', 2);
  expect(errors).toEqual([]);
});

test.describe('tiers', () => {
  for (const width of [390, 800, 1280]) {
    test(`the popular tier's tagline never covers its MOST POPULAR badge (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/');
      const tiers = page.locator('#tiers');
      const popular = siteConfig.tiers.find((t) => t.popular)!;
      await tiers.getByRole('button', { name: `${popular.name} tagline` }).focus();
      const tooltip = tiers.getByRole('tooltip');
      await expect(tooltip).toHaveText(popular.tagline);
      // Both boxes at once: focusing scrolls the page smoothly, so two reads could differ.
      const [tipTop, badgeBottom] = await tiers.evaluate((section) => {
        const tip = section.querySelector('[role="tooltip"]:not(.invisible)')!;
        const badge = [...section.querySelectorAll('p')].find(
          (p) => p.textContent === 'MOST POPULAR',
        )!;
        return [tip.getBoundingClientRect().top, badge.getBoundingClientRect().bottom];
      });
      expect(tipTop, 'the tagline starts below the badge').toBeGreaterThanOrEqual(badgeBottom);
    });
  }

  test('hover and keyboard focus show the tagline tooltip, one card at a time', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    const tiers = page.locator('#tiers');
    await expect(tiers.getByRole('tooltip')).toHaveCount(0);

    await tiers.getByRole('listitem').filter({ hasText: 'Spark Tier' }).first().hover();
    await expect(tiers.getByRole('tooltip')).toHaveText('Ignite Your Path');

    await page.mouse.move(2, 2);
    await expect(tiers.getByRole('tooltip')).toHaveCount(0);

    const beacon = tiers.getByRole('button', { name: 'Beacon Tier tagline' });
    await beacon.focus();
    const tooltip = tiers.getByRole('tooltip');
    await expect(tooltip).toHaveCount(1);
    await expect(tooltip).toHaveText('Radiate Divine Light');
    await expect(beacon).toHaveAccessibleDescription('Radiate Divine Light');
    // Both boxes at once: focusing scrolls the page smoothly, so two reads could differ.
    const gap = await tiers.evaluate((section) => {
      const tip = section.querySelector('[role="tooltip"]:not(.invisible)')!;
      const trigger = section.querySelector('button[aria-label="Beacon Tier tagline"]')!;
      return trigger.getBoundingClientRect().top - tip.getBoundingClientRect().bottom;
    });
    expect(Math.abs(gap - 4)).toBeLessThanOrEqual(0.5);

    await page.keyboard.press('Shift+Tab');
    await expect(tooltip).toHaveCount(1);
    await expect(tooltip).toHaveText('Illuminate Your Purpose');
    await page.keyboard.press('Escape');
    await expect(tiers.getByRole('tooltip')).toHaveCount(0);
  });

  test('the popular card carries the banner; each card links to donate', async ({ page }) => {
    await page.goto('/');
    const tiers = page.locator('#tiers');
    const banner = tiers.getByText('MOST POPULAR', { exact: true });
    await expect(banner).toHaveCount(1);
    const popular = siteConfig.tiers.find((t) => t.popular)!;
    await expect(
      tiers
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: popular.name }) }),
    ).toContainText('MOST POPULAR');
    for (const tier of siteConfig.tiers) {
      await expect(
        tiers.getByRole('link', { name: `Support with $${tier.price}` }),
      ).toHaveAttribute('href', `/join?tier=${tier.id}`);
    }
    await expect(tiers.getByRole('link', { name: 'See full benefits below' })).toHaveAttribute(
      'href',
      '/#membership',
    );
  });
});

test.describe('in-page navigation', () => {
  test('the nav Miracles link scrolls the section under the header', async ({ page }) => {
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Miracles' })
      .click();
    await expect(page).toHaveURL(/\/#miracles$/);
    await expectTopBelowHeader(page, '#miracles');
  });

  test('it does so too when arriving from /contact', async ({ page }) => {
    await page.goto('/contact');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Miracles' })
      .click();
    await expect(page).toHaveURL(/\/#miracles$/);
    await expect(page.locator('#miracles')).toBeVisible();
    await expectTopBelowHeader(page, '#miracles');
  });
});

test.describe('links further down', () => {
  test('donation presets go to checkout as full page loads', async ({ page }) => {
    await page.goto('/');
    const donate = page.locator('#donate');
    for (const preset of siteConfig.landingPresets) {
      const link = donate.getByRole('link', { name: new RegExp(`\\$${preset.amount}/month`) });
      await expect(link).toHaveAttribute(
        'href',
        `/checkout?amount=${preset.amount}&type=subscription`,
      );
      await expect(link).toContainText(preset.label);
    }
    expect(siteConfig.landingPresets.map((p) => p.amount)).toEqual([18, 36, 72]);
    await expect(donate.getByRole('link', { name: /Other \/ Choose Amount/ })).toHaveAttribute(
      'href',
      '/donate',
    );
    await expect(donate.getByRole('link', { name: 'Support for Miracles' })).toHaveAttribute(
      'href',
      '/donate',
    );
  });

  test('mentorship, rabbi and membership links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Join Beacon Tier' })).toHaveAttribute(
      'href',
      '/join?tier=beacon',
    );
    // The configured date (August 15, 2025) has passed: the next one of the quarterly series.
    const next = nextMentorship();
    expect(next >= isoDateIn(new Date(), siteConfig.timeZone)).toBe(true);
    await expect(page.locator('#mentorship time')).toHaveAttribute('datetime', next);
    const rabbi = page.locator('#rabbi');
    await expect(rabbi.getByRole('heading', { level: 2 })).toHaveText(siteConfig.rabbi.name);
    await expect(rabbi.getByRole('img', { name: siteConfig.rabbi.image.alt })).toBeVisible();
    await expect(rabbi.getByRole('link', { name: 'Join for Guidance' })).toHaveAttribute(
      'href',
      '/#membership',
    );
    await expect(rabbi.getByRole('link', { name: /Watch message/ })).toHaveAttribute(
      'href',
      '/videos',
    );
    await expect(
      page.locator('#membership').getByRole('link', { name: 'Apply for Membership' }),
    ).toHaveAttribute('href', '/join');
  });

  test('the WhatsApp channel opens in a new tab', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('link', {
      name: 'Follow the Channel on WhatsApp (opens in a new tab)',
    });
    await expect(link).toHaveAttribute('href', siteConfig.whatsappChannel.url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

test.describe('accessibility', () => {
  test('axe finds no violations on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    await expectNoAxeViolations(page);
  });

  test('axe finds no violations on a phone with a tooltip open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('data-autoplay', 'on');
    await page.getByRole('button', { name: 'Flame Tier tagline' }).focus();
    await expect(page.getByRole('tooltip')).toHaveText('Illuminate Your Purpose');
    await expectNoAxeViolations(page);
  });
});
