import { expect, test, type Page } from '@playwright/test';
import {
  expectNoApiCalls,
  failRequests,
  gotoHydrated,
  toast,
  trackApiRequests,
  uniqueEmail,
} from './support/public-site';

/** The footer's newsletter signup (spec 2 footer, 5 newsletter rule, 8 newsletter error). */

function newsletter(page: Page) {
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter signup' });
  return {
    email: form.getByRole('textbox', { name: 'Email address' }),
    submit: form.getByRole('button', { name: 'Inspire Me' }),
  };
}

async function subscribe(page: Page, email: string) {
  const n = newsletter(page);
  await n.email.fill(email);
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/newsletter' && r.request().method() === 'POST',
  );
  await n.submit.click();
  return response;
}

test.beforeEach(async ({ page }) => {
  await gotoHydrated(page, '/videos');
});

test('a blank address shows the toast and sends nothing', async ({ page }) => {
  const calls = trackApiRequests(page);
  const n = newsletter(page);
  await n.submit.click();
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('Please enter your email address');
  await expectNoApiCalls(page, calls);

  // Spaces only count as blank too.
  await n.email.fill('   ');
  await n.submit.click();
  await expect(toast(page)).toContainText('Please enter your email address');
  await expectNoApiCalls(page, calls);
});

test('a valid address shows a success toast and clears the field', async ({ page }) => {
  const n = newsletter(page);
  const email = uniqueEmail('newsletter');
  const response = await subscribe(page, email);
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ email });
  const { message } = (await response.json()) as { message: string };
  expect(message.length).toBeGreaterThan(10);

  await expect(toast(page)).toHaveAttribute('data-variant', 'default');
  await expect(page.getByRole('status')).toContainText('Subscribed!');
  // The toast shows the server's own words.
  await expect(page.getByRole('status')).toContainText(message);
  await expect(n.email).toHaveValue('');
  await expect(n.submit).toBeEnabled();
});

test('subscribing the same address twice is not an error', async ({ page }) => {
  const n = newsletter(page);
  const email = uniqueEmail('twice');
  const first = await subscribe(page, email);
  expect(first.status()).toBe(200);
  const { message } = (await first.json()) as { message: string };
  await expect(page.getByRole('status')).toContainText(message);
  await expect(n.email).toHaveValue('');

  // Once more, in a different case: still the same subscriber, still the same thank-you
  // (the same answer either way, so the form does not reveal who is subscribed).
  const second = await subscribe(page, email.toUpperCase());
  expect(second.status()).toBe(200);
  expect(await second.json()).toEqual({ message });
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toHaveAttribute('data-variant', 'default');
  await expect(page.getByRole('status')).toContainText('Subscribed!');
  await expect(page.getByRole('status')).toContainText(message);
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
  await expect(n.email).toHaveValue('');
});

test('an address the server refuses shows its message and keeps the field', async ({ page }) => {
  const n = newsletter(page);
  const response = await subscribe(page, 'not-an-address');
  expect(response.status()).toBe(400);
  await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByRole('alert')).toContainText('Please enter a valid email address');
  await expect(n.email).toHaveValue('not-an-address');
});

test('a server failure shows the spec’s failure message', async ({ page }) => {
  const n = newsletter(page);
  await failRequests(page, '**/api/newsletter', 500, {
    code: 'internal',
    message: 'Something went wrong on our side. Please try again.',
  });
  const email = uniqueEmail('down');
  await subscribe(page, email);
  await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByRole('alert')).toContainText('Error');
  await expect(page.getByRole('alert')).toContainText('Failed to subscribe. Please try again.');
  await expect(n.email).toHaveValue(email);
  await expect(n.submit).toBeEnabled();
});
