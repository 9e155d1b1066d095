import { expect, test } from '@playwright/test';

/**
 * The app loads after the page has painted (src/client/entry-client.tsx). A visitor who sends a
 * form before that must lose nothing: the submit is held, the app starts at once, and the form
 * is sent by the app.
 */
test('a message sent before the app has loaded is held and then sent by the app', async ({
  page,
}) => {
  // Hold the app's script until the form has been filled and sent.
  let releaseApp!: () => void;
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(/\/assets\/start-app-[\w-]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  // The entry (a module script) has run by DOMContentLoaded; the app is still held.
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('main').locator('form');
  await form.getByLabel('Name').fill('Early Visitor');
  await form.getByLabel('Email').fill('early.visitor@example.org');
  await form.getByLabel('Message').fill('Sent before the page had finished loading its scripts.');
  await form.getByRole('button', { name: /send/i }).click();
  // Nothing went to the page itself, and the address did not change.
  expect(posts).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/contact');
  releaseApp();
  await expect(page.getByText('Message Sent!')).toBeVisible();
  expect(posts).toEqual(['/api/contact']);
});
