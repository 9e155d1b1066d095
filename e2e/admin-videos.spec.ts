import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated, toast, trackPageErrors } from './support/public-site';
import { fixtures, openAdmin, publishVideo, uniqueTitle, videoCard } from './support/videos';
import { openSection } from './support/admin';

/**
 * The office's side of the video library (spec 2 '/admin/videos', 7, 8): uploading a real file,
 * publishing, seeking in it on /videos, editing, deleting with the spec's question.
 */

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = trackPageErrors(page);
});
test.afterEach(() => {
  expect(pageErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

async function openVideoTab(page: Page, name: 'Upload' | 'Manage' | 'Moderate Comments') {
  await page
    .getByRole('tablist', { name: 'Video management sections' })
    .getByRole('tab', { name, exact: true })
    .click();
  return page.getByRole('tabpanel', { name, exact: true });
}

test('uploads a video file, publishes it, and a visitor can watch and seek in it', async ({
  page,
}) => {
  const title = uniqueTitle('Uploaded teaching');
  await openAdmin(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Video Management' })).toBeVisible();
  const upload = await openVideoTab(page, 'Upload');
  const form = upload.getByRole('form', { name: 'Upload a video' });
  await expect(form.getByLabel('Video file')).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByLabel('Video file').setInputFiles(fixtures.video);
  await form.getByLabel('Thumbnail image').setInputFiles(fixtures.thumbnail);
  await form.getByLabel('Captions (WebVTT)').setInputFiles(fixtures.captions);
  await form.getByRole('textbox', { name: 'Caption' }).fill('Six seconds of Torah');
  await form.getByRole('textbox', { name: 'Duration (seconds)' }).fill('6');
  await expect(form.getByRole('textbox', { name: 'File size (bytes)' })).toBeDisabled();
  await form.getByRole('button', { name: 'Upload Video' }).click();
  await expect(toast(page)).toContainText('Video Uploaded');
  await expect(toast(page)).toContainText('added as a draft');
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');

  const manage = await openVideoTab(page, 'Manage');
  const row = manage.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('File, 0.0 MB');
  await expect(row).toContainText('by e2e-owner');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(toast(page)).toContainText('Video Published');
  await expect(row).toContainText('Published');

  // On /videos: the details, the captions, and seeking through ranged requests.
  const ranged: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/') && r.status() === 206) ranged.push(206);
  });
  await gotoHydrated(page, '/videos');
  const card = videoCard(page, title);
  await expect(card).toContainText('Six seconds of Torah');
  await expect(card.getByTestId('duration-badge')).toHaveText('0:06');
  await expect(card).toContainText('0.0 MB');
  const video = card.locator('video');
  await expect(video).toHaveAttribute('poster', /^\/media\/[0-9a-f-]{36}\.png$/);
  const seek = await video.evaluate(async (element: HTMLVideoElement) => {
    const once = (name: string) =>
      new Promise((resolve) => element.addEventListener(name, resolve, { once: true }));
    element.preload = 'auto';
    const loaded = once('loadedmetadata');
    element.load();
    await loaded;
    const seeked = once('seeked');
    element.currentTime = 4.2;
    await seeked;
    return {
      currentTime: element.currentTime,
      duration: element.duration,
      seekableEnd: element.seekable.length ? element.seekable.end(0) : 0,
      tracks: Array.from(element.textTracks).map((t) => `${t.kind}:${t.label}`),
    };
  });
  expect(seek.currentTime).toBeGreaterThan(4);
  expect(seek.currentTime).toBeLessThan(4.5);
  expect(seek.duration).toBeCloseTo(6, 0);
  expect(seek.seekableEnd).toBeCloseTo(6, 0);
  expect(seek.tracks).toEqual(['captions:English']);
  expect(ranged.length).toBeGreaterThan(0);
});

test('edits a video and deletes it after the spec’s question, files and all', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('To edit');
  await publishVideo(request, { title, videoUrl: 'https://vimeo.com/76979871' });
  await openAdmin(page);
  const manage = await openVideoTab(page, 'Manage');
  await manage.getByRole('button', { name: `Edit ${title}` }).click();
  const form = manage.getByRole('form', { name: `Edit ${title}` });
  await expect(form.getByRole('textbox', { name: 'Video URL' })).toHaveValue(
    'https://vimeo.com/76979871',
  );
  const renamed = `${title} (revised)`;
  await form.getByRole('textbox', { name: 'Title' }).fill(renamed);
  await form.getByRole('textbox', { name: 'Description' }).fill('Now with a description.');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Video Updated');
  const row = manage.getByRole('row').filter({ hasText: renamed });
  await expect(row).toContainText('Vimeo link');

  await row.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete video' });
  await expect(dialog).toContainText('Are you sure you want to delete this video?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${renamed}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Video Deleted');
  await expect(manage.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
  await gotoHydrated(page, '/videos');
  await expect(videoCard(page, renamed)).toHaveCount(0);
});

test('deleting an uploaded video removes its stored file', async ({ page }) => {
  const title = uniqueTitle('Stored then deleted');
  await openAdmin(page);
  const form = (await openVideoTab(page, 'Upload')).getByRole('form', { name: 'Upload a video' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByLabel('Video file').setInputFiles(fixtures.video);
  await form.getByRole('checkbox', { name: /Publish now/ }).check();
  await form.getByRole('button', { name: 'Upload Video' }).click();
  await expect(toast(page)).toContainText('is published on the videos page');

  const listing = await page.request.get('/api/videos?limit=100');
  const stored = (
    (await listing.json()) as { videos: { title: string; videoUrl: string }[] }
  ).videos.find((v) => v.title === title)!.videoUrl;
  expect((await page.request.get(stored)).status()).toBe(200);

  const manage = await openVideoTab(page, 'Manage');
  await manage.getByRole('button', { name: `Delete ${title}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete video' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page)).toContainText('Video Deleted');
  expect((await page.request.get(stored)).status()).toBe(404);
});

test('the form says what is missing, and a refused upload shows the server’s message', async ({
  page,
}) => {
  await openAdmin(page);
  const form = (await openVideoTab(page, 'Upload')).getByRole('form', { name: 'Upload a video' });
  await form.getByRole('button', { name: 'Upload Video' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText(/Video URL is required/)).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByRole('textbox', { name: 'Title' }).fill('Refused upload');
  await form.getByLabel('Video file').setInputFiles(fixtures.video);
  await page.route('**/api/admin/videos', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 415,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'unsupported_media_type',
              message: 'The video file must be an MP4, WebM or Ogg video.',
            },
          }),
        })
      : route.continue(),
  );
  await form.getByRole('button', { name: 'Upload Video' }).click();
  await expect(toast(page)).toContainText('Upload Error');
  await expect(toast(page)).toContainText('The video file must be an MP4, WebM or Ogg video.');
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Refused upload');
});

test('Video Management is a dashboard tab with the three sections', async ({ page }) => {
  await openAdmin(page, '/admin');
  const panel = await openSection(page, 'Video Management');
  await expect(panel.getByRole('heading', { level: 2, name: 'Video Management' })).toBeVisible();
  for (const name of ['Upload', 'Manage', 'Moderate Comments']) {
    await expect(panel.getByRole('tab', { name })).toBeVisible();
  }
  const moderate = await openVideoTab(page, 'Moderate Comments');
  await expect(moderate.getByLabel('Show')).toHaveValue('pending');
  await expectNoAxeViolations(page);
});
