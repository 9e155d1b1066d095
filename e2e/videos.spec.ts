import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  failRequests,
  gotoHydrated,
  toast,
  trackApiRequests,
  expectNoApiCalls,
  trackPageErrors,
} from './support/public-site';
import { commentsToggle, openAdmin, publishVideo, uniqueTitle, videoCard } from './support/videos';

/**
 * The public video library (spec 2 '/videos', 5 comments, 8): published videos server-rendered,
 * privacy-friendly embeds, and comments that are held for review and can never run as code.
 */

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = trackPageErrors(page);
});
test.afterEach(() => {
  expect(pageErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

const youtubeLink = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
/** What a hostile commenter types: each part would set the flag if it ever ran. */
const hostileComment =
  'Great shiur! <script>window.__pwned = "script"</script><img src=x onerror="window.__pwned = \'img\'; alert(1)">';

test('a YouTube video loads nothing from YouTube until the visitor presses play', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Embedded teaching');
  await publishVideo(request, {
    title,
    videoUrl: youtubeLink,
    caption: 'Parshas Lech Lecha',
    description: 'On leaving one’s land.',
    duration: 125,
  });
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) outside.push(r.url());
  });
  // Nothing may reach the real providers from here: answer them locally.
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );

  await gotoHydrated(page, '/videos');
  const card = videoCard(page, title);
  await expect(card.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(card).toContainText('Parshas Lech Lecha');
  await expect(card).toContainText('On leaving one’s land.');
  await expect(card.getByTestId('duration-badge')).toHaveText('2:05');
  await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(card.locator('iframe')).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(outside).toEqual([]);

  await card.getByRole('link', { name: `Play ${title} (loads the YouTube player)` }).click();
  const player = card.locator('iframe');
  await expect(player).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
  );
  await expect(player).toHaveAttribute('title', `${title} (YouTube video)`);
  await expect(player).toBeFocused();
  expect(outside.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
});

test('the comment form checks its fields in the browser and reports a failure', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Form checks');
  await publishVideo(request, { title, videoUrl: youtubeLink });
  await gotoHydrated(page, '/videos');
  const card = videoCard(page, title);
  const disclosure = card.locator('details');
  await expect(disclosure).not.toHaveAttribute('open');
  await commentsToggle(card).click();
  await expect(disclosure).toHaveAttribute('open');
  await expect(card.getByText('No comments yet. Be the first to comment!')).toBeVisible();

  const calls = trackApiRequests(page);
  const form = card.getByRole('form', { name: `Comment on ${title}` });
  await form.getByRole('button', { name: 'Post Comment' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Comment is required')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expectNoApiCalls(page, calls);
  await expectNoAxeViolations(page);

  await failRequests(page, '**/api/videos/*/comments', 429, {
    code: 'rate_limited',
    message: 'Too many requests. Please wait 30 seconds and try again.',
  });
  await form.getByRole('textbox', { name: 'Name' }).fill('Dovid');
  await form.getByRole('textbox', { name: 'Email' }).fill('dovid@example.com');
  await form.getByRole('textbox', { name: 'Comment' }).fill('Kept after a failure');
  await form.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toast(page)).toContainText('Error');
  await expect(toast(page)).toContainText('Too many requests. Please wait 30 seconds');
  await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveValue('Kept after a failure');
});

test('a comment with markup waits for review, then shows as text and runs nothing', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Comments teaching');
  await publishVideo(request, { title, videoUrl: youtubeLink });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const flag = () => page.evaluate(() => (window as { __pwned?: string }).__pwned ?? null);

  // The visitor comments.
  await gotoHydrated(page, '/videos');
  let card = videoCard(page, title);
  await commentsToggle(card).click();
  const form = card.getByRole('form', { name: `Comment on ${title}` });
  await form.getByRole('textbox', { name: 'Name' }).fill('<b>Yael</b>');
  await form.getByRole('textbox', { name: 'Email' }).fill('yael@example.com');
  await form.getByRole('textbox', { name: 'Comment' }).fill(hostileComment);
  await form.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toast(page)).toContainText('Comment Submitted');
  await expect(toast(page)).toContainText('will appear once it has been reviewed');
  await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  // Not shown before review.
  await expect(card.getByText('No comments yet. Be the first to comment!')).toBeVisible();

  // The office approves it: the moderation tab shows the text as text too.
  await openAdmin(page, '/admin/videos?tab=moderate');
  const moderate = page.getByRole('tabpanel', { name: 'Moderate Comments' });
  const row = moderate.getByRole('row').filter({ hasText: title });
  await expect(row.getByText(hostileComment, { exact: true })).toBeVisible();
  await expect(row).toContainText('yael@example.com');
  await expect(row.locator('img, script')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: 'Approve the comment by <b>Yael</b>' }).click();
  await expect(toast(page)).toContainText('Comment Approved');
  await expect(moderate.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  expect(await flag()).toBeNull();

  // The visitor sees it, as typed, and nothing ran.
  await gotoHydrated(page, '/videos');
  card = videoCard(page, title);
  await commentsToggle(card).click();
  const shown = card.getByRole('listitem').filter({ hasText: 'Great shiur!' });
  await expect(shown.getByText(hostileComment, { exact: true })).toBeVisible();
  await expect(shown.getByText('<b>Yael</b>', { exact: true })).toBeVisible();
  await expect(shown.locator('img, script, b')).toHaveCount(0);
  await expect(card).not.toContainText('yael@example.com');
  await page.waitForTimeout(300);
  expect(await flag()).toBeNull();
  expect(dialogs).toEqual([]);
  await expectNoAxeViolations(page);

  // The office can still delete it, after the spec's question.
  await openAdmin(page, '/admin/videos?tab=moderate');
  const approved = page.getByRole('tabpanel', { name: 'Moderate Comments' });
  await approved.getByLabel('Show').selectOption('approved');
  const approvedRow = approved.getByRole('row').filter({ hasText: title });
  await approvedRow.getByRole('button', { name: 'Delete the comment by <b>Yael</b>' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete comment' });
  await expect(dialog).toContainText('Are you sure you want to delete this comment?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Comment Deleted');
  await expect(approved.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  expect(await flag()).toBeNull();
  expect(dialogs).toEqual([]);
});

test('a campaign link (utm_*, fbclid) opens the kept page and hydrates with its data, asking nothing more', async ({
  page,
}) => {
  const calls = trackApiRequests(page);
  const response = await gotoHydrated(
    page,
    '/videos?utm_source=whatsapp&utm_medium=social&utm_campaign=elul&fbclid=IwAR0abc',
  );
  // The server's kept page (an ETag), its data used by the browser: no request for the list.
  expect(response!.headers().etag).toMatch(/^W\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoApiCalls(page, calls);
  // The tracking stays in the address for whoever reads it.
  expect(new URL(page.url()).searchParams.get('utm_campaign')).toBe('elul');
});
