import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './support/admin';
import { linkIn, mailTo } from './support/mail';
import { uniqueEmail } from './support/public-site';
import { commentsToggle, publishVideo, uniqueTitle, videoCard } from './support/videos';

/** Without scripts the phone menu opens by a link to itself (CSS :target). */
const noScriptMenuToggle = (page: Page) =>
  page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Menu', exact: true });

/** Public pages are complete HTML and read fine with JavaScript off. */
test.use({ javaScriptEnabled: false });

test('the home page shows every section, its first slide and working links without JavaScript', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Where Prayers Become');
  await expect(page.getByRole('link', { name: 'Support Our Mission' })).toBeVisible();
  for (const text of ['Spark Tier', 'MOST POPULAR', 'Healing', 'Connect to Your Journey']) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  // Plain links still work: an anchor link and a route link.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect to Your Journey' }),
  ).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens and its links work without JavaScript', async ({ page }) => {
    await page.goto('/contact');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await noScriptMenuToggle(page).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Join', exact: true }).click();
    await expect(page).toHaveURL(/\/join$/);
    await expect(page.getByLabel('First Name')).toBeVisible();
  });

  test('a link to a section of the page closes the menu; it opens again, and closes itself', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.locator('#mobile-menu');
    await noScriptMenuToggle(page).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Miracles', exact: true }).click();
    await expect(page).toHaveURL(/\/#miracles$/);
    // The menu no longer covers the section it led to.
    await expect(menu).toBeHidden();
    await expect(page.locator('#miracles')).toBeInViewport();

    await noScriptMenuToggle(page).click();
    await expect(menu).toBeVisible();
    // Where the section stands on the screen: an image or the font arriving above it moves
    // scrollY (the browser's scroll anchoring keeps what is read in place), not the section.
    const sectionTop = () =>
      page.evaluate(() =>
        Math.round(document.querySelector('#miracles')!.getBoundingClientRect().top),
      );
    // Opening the menu scrolls to it (smoothly, as every in-page link): read once it is still.
    const settled = async () => {
      let last = Number.NaN;
      await expect
        .poll(
          async () => {
            const now = await sectionTop();
            const still = now === last;
            last = now;
            return still;
          },
          { intervals: [150] },
        )
        .toBe(true);
      return last;
    };
    const before = await settled();
    await page.getByRole('link', { name: 'Close the menu' }).click();
    await expect(menu).toBeHidden();
    // Closing names no element, so the page stays where it was.
    expect(Math.abs((await sectionTop()) - before)).toBeLessThanOrEqual(1);
    await expect(noScriptMenuToggle(page)).toBeVisible();
  });

  test('the hero shows no arrows or Pause that could not work', async ({ page }) => {
    await page.goto('/');
    for (const name of ['Previous slide', 'Next slide', 'Pause slideshow']) {
      await expect(page.getByRole('button', { name })).toBeHidden();
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the join and contact pages show their forms without JavaScript', async ({ page }) => {
  await page.goto('/join?tier=spark');
  await expect(page.getByText('What Happens Next?')).toBeVisible();
  await expect(page.getByText('$180', { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel('First Name')).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByLabel('Message')).toBeVisible();
});

/**
 * The public forms post without JavaScript. The form posts to its page; the server
 * validates it with the same schema as the API, stores it, and redirects to the page saying so
 * (a reload posts nothing again), or shows the form again with its messages and what was typed.
 */
test.describe('forms without JavaScript', () => {
  test('the contact form: messages first, then sent and stored, and a reload sends nothing twice', async ({
    page,
  }) => {
    const email = uniqueEmail('no-js-contact');
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('textbox', { name: 'Name' }).fill('S');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
    // What was typed is still there.
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

    await form.getByRole('textbox', { name: 'Name' }).fill('Sarah Cohen');
    await form.getByRole('textbox', { name: 'Message' }).fill('Please pray for my father.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=contact#contact$/);
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible();

    await signInByApi(page);
    const listed = await page.request.get('/api/admin/contact-messages?limit=100');
    const { messages } = (await listed.json()) as { messages: { email: string }[] };
    expect(messages.filter((m) => m.email === email)).toHaveLength(1);
  });

  test('a refused form comes back scrolled to itself, its messages in view on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const signup = page.getByRole('form', { name: 'Newsletter signup' });
    await signup.getByRole('textbox', { name: 'Email address' }).fill('bad@');
    await signup.getByRole('button', { name: 'Inspire Me' }).click();
    await expect(signup.getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(signup.getByRole('alert')).toBeInViewport();

    await page.goto('/');
    const contact = page.getByRole('form', { name: 'Contact form' });
    await contact.getByRole('textbox', { name: 'Name' }).fill('S');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact.getByText('Name must be at least 2 characters')).toBeInViewport();

    await page.goto('/join');
    const application = page.getByRole('form', { name: 'Membership application' });
    await application.getByRole('button', { name: 'Submit Application' }).click();
    await expect(application.getByText('First name is required')).toBeInViewport();
  });

  test('the footer’s newsletter signup, from any page, comes back to that page', async ({
    page,
  }) => {
    await page.goto('/videos');
    const signup = page.getByRole('form', { name: 'Newsletter signup' });
    await signup.getByRole('textbox', { name: 'Email address' }).fill('nope');
    await signup.getByRole('button', { name: 'Inspire Me' }).click();
    await expect(signup.getByRole('alert')).toHaveText('Please enter a valid email address');
    await signup.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('no-js-news'));
    await signup.getByRole('button', { name: 'Inspire Me' }).click();
    await expect(page).toHaveURL(/\/videos\?sent=newsletter#newsletter$/);
    await expect(signup.getByRole('status')).toContainText('Please check your inbox');
  });

  test('a video comment: open the comments, messages first, then received under its video and held for review', async ({
    page,
  }) => {
    const title = uniqueTitle('No-JS comments');
    await publishVideo(page.request, {
      title,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    await page.goto('/videos');
    let card = videoCard(page, title);
    await commentsToggle(card).click();
    let form = card.getByRole('form', { name: `Comment on ${title}` });
    await expect(card.getByText('No comments yet. Be the first to comment!')).toBeVisible();
    await form.getByRole('textbox', { name: 'Email' }).fill('rivka@example.org');
    await form.getByRole('button', { name: 'Post Comment' }).click();
    // The page comes back with this video's comments open, its messages and what was typed.
    card = videoCard(page, title);
    form = card.getByRole('form', { name: `Comment on ${title}` });
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('rivka@example.org');

    await form.getByRole('textbox', { name: 'Name' }).fill('Rivka');
    await form.getByRole('textbox', { name: 'Comment' }).fill('Posted without scripts.');
    await form.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page).toHaveURL(/\/videos\?sent=comment&video=[0-9a-f-]+#comments-/);
    card = videoCard(page, title);
    await expect(card.getByRole('status')).toContainText('will appear once it has been reviewed');
    await page.reload();
    await expect(videoCard(page, title).getByRole('status')).toContainText('Comment Submitted');

    await signInByApi(page);
    const pending = await page.request.get('/api/admin/comments?status=pending&limit=100');
    const { comments } = (await pending.json()) as {
      comments: { comment: string; videoTitle: string }[];
    };
    expect(comments.filter((c) => c.videoTitle === title)).toEqual([
      expect.objectContaining({ comment: 'Posted without scripts.' }),
    ]);
  });

  test('the membership application ends on the welcome screen; the mailed link opens its checkout, filled in', async ({
    page,
  }) => {
    const email = uniqueEmail('no-js-join');
    await page.goto('/join?tier=beacon');
    const form = page.getByRole('form', { name: 'Membership application' });
    await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Chana');
    await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Weiss');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tziyun!' })).toBeVisible();
    await expect(page.getByText(/Thank you for applying to the Beacon Tier/)).toBeVisible();
    await expect(page.getByText(/is in your confirmation email/)).toBeVisible();
    await expect(page.locator('a[href^="/checkout"]')).toHaveCount(0);
    const mail = await mailTo(email, /your Beacon Tier application/);
    const link = new URL(linkIn(mail, '/checkout?'));
    expect(link.search).toMatch(/^\?amount=820&type=subscription&method=credit_card&membership=/);
    await page.goto(`${link.pathname}${link.search.replace('credit_card', 'ojc')}`);
    const checkout = page.locator('#main form');
    await expect(checkout.getByLabel('Full Name')).toHaveValue('Chana Weiss');
    await expect(checkout.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(page.getByRole('link', { name: /Back to Homepage/ })).toBeVisible();

    await signInByApi(page);
    const listed = await page.request.get('/api/admin/membership-applications?limit=100');
    const { applications } = (await listed.json()) as {
      applications: { email: string; tier: string }[];
    };
    expect(applications.find((a) => a.email === email)).toMatchObject({ tier: 'beacon' });
  });
});
