import { expect, test, type Page } from '@playwright/test';
import {
  expectNoApiCalls,
  failRequests,
  gotoHydrated,
  toast,
  trackApiRequests,
  uniqueEmail,
} from './support/public-site';
import { linkIn, mailTo } from './support/mail';

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

test.describe('the footer form', () => {
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
    await expect(page.getByRole('status')).toContainText('Check your email');
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
    await expect(page.getByRole('status')).toContainText('Check your email');
    await expect(page.getByRole('status')).toContainText(message);
    await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
    await expect(n.email).toHaveValue('');
  });

  test('an address the signup’s rules refuse shows their message, sends nothing and keeps the field', async ({
    page,
  }) => {
    const calls = trackApiRequests(page);
    const n = newsletter(page);
    await n.email.fill('not-an-address');
    await n.submit.click();
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expectNoApiCalls(page, calls);
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
});

/**
 * The confirmation mail's link (double opt-in, ADR 034): what a mail scanner fetches confirms
 * nothing; the button on the link's page confirms, once, with or without JavaScript.
 */
test.describe('the confirmation link', () => {
  /** The link the confirmation mail to `email` brings. */
  async function confirmLinkFor(email: string) {
    const mail = await mailTo(email, /confirm your subscription/);
    return new URL(linkIn(mail, '/newsletter/confirm?token='));
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a scanner’s fetches confirm nothing; the button confirms, once', async ({ page }) => {
      const email = uniqueEmail('no-js-confirm');
      await page.goto('/videos');
      const signup = page.getByRole('form', { name: 'Newsletter signup' });
      await signup.getByRole('textbox', { name: 'Email address' }).fill(email);
      await signup.getByRole('button', { name: 'Inspire Me' }).click();
      await expect(page).toHaveURL(/\/videos\?sent=newsletter#newsletter$/);
      const link = await confirmLinkFor(email);
      // Safe Links, a link checker and a preview bot: two GETs and a HEAD, before the person.
      const head = await page.request.head(link.pathname + link.search, { maxRedirects: 0 });
      expect(head.status()).toBe(200);
      for (let i = 0; i < 2; i++) {
        const scanned = await page.request.get(link.pathname + link.search, { maxRedirects: 0 });
        expect(scanned.status()).toBe(200);
        expect(scanned.headers()['cache-control']).toBe('no-store');
        expect(scanned.headers()['referrer-policy']).toBe('no-referrer');
        expect(scanned.headers()['x-robots-tag']).toBe('noindex, nofollow');
        expect(await scanned.text()).not.toContain(email);
      }

      await page.goto(link.pathname + link.search);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm Your Subscription');
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      // Confirmed now, by the person: the scanner's fetches had not.
      await expect(page).toHaveURL(/\/newsletter\?status=confirmed$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed');
      await expect(page.getByRole('main')).toContainText(
        'Thank you! Weekly inspiration is on its way to your inbox.',
      );

      // The link followed and its button pressed again: already done, said plainly.
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page).toHaveURL(/\/newsletter\?status=already-confirmed$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Already Confirmed');
    });

    test('a link that is not ours is refused in words', async ({ page }) => {
      await page.goto('/newsletter/confirm?token=not-a-real-token');
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page).toHaveURL(/\/newsletter\?status=invalid$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This Link Is Not Valid');
    });
  });

  test('with JavaScript, the same button confirms', async ({ page }) => {
    const email = uniqueEmail('js-confirm');
    expect((await page.request.post('/api/newsletter', { data: { email } })).status()).toBe(200);
    const link = await confirmLinkFor(email);
    await gotoHydrated(page, link.pathname + link.search);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\?status=confirmed$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed');
  });
});
