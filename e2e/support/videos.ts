import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Helpers for the video library's browser tests: the owner's session (the account
 * scripts/e2e-server.mjs makes), videos made through the admin API, and the fixture files
 * (a six-second WebM made with ffmpeg, a thumbnail, WebVTT captions).
 */

const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e correct horse battery staple';
export const OWNER = 'e2e-owner';

export const fixtures = {
  video: join(import.meta.dirname, '..', 'fixtures', 'teaching.webm'),
  thumbnail: join(import.meta.dirname, '..', 'fixtures', 'teaching-thumbnail.png'),
  captions: join(import.meta.dirname, '..', 'fixtures', 'teaching.vtt'),
};

/** Signs the page's browser context in as the owner; returns the session's CSRF token. */
export async function signInAsOwner(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', {
    data: { username: OWNER, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const session = await request.get('/api/admin/session');
  return ((await session.json()) as { csrfToken: string }).csrfToken;
}

/** Opens an admin page signed in. */
export async function openAdmin(page: Page, path = '/admin/videos') {
  await signInAsOwner(page.request);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** A title no other test or earlier run has used. */
export function uniqueTitle(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Adds a published video through the admin API (as the spec's JSON call); returns its id. */
export async function publishVideo(
  request: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<string> {
  const csrfToken = await signInAsOwner(request);
  const res = await request.post('/api/admin/videos', {
    headers: { 'x-csrf-token': csrfToken },
    data: { isPublished: true, ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The article of one video on /videos. */
export function videoCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** A video's Comments toggle: the summary of a <details>, so it opens without JavaScript too. */
export function commentsToggle(card: Locator) {
  return card.locator('summary', { hasText: 'Comments' });
}
