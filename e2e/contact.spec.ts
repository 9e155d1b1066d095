import { expect, test, type Page } from '@playwright/test';
import {
  expectNoApiCalls,
  failRequests,
  gotoHydrated,
  holdRequests,
  toast,
  trackApiRequests,
  uniqueEmail,
} from './support/public-site';

/** Spec 4 (contact form states), 5 (its rules), 8 (its messages and the 'status: body' text). */

function contactForm(page: Page) {
  const form = page.getByRole('form', { name: 'Contact form' });
  return {
    form,
    name: form.getByRole('textbox', { name: 'Name', exact: true }),
    email: form.getByRole('textbox', { name: 'Email', exact: true }),
    message: form.getByRole('textbox', { name: 'Message', exact: true }),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}

async function fillValid(page: Page, email = uniqueEmail('contact')) {
  const f = contactForm(page);
  await f.name.fill('Sarah Levi');
  await f.email.fill(email);
  await f.message.fill('Please pray for my mother, Rivka bat Leah, for a full recovery.');
  return { name: 'Sarah Levi', email };
}

test.beforeEach(async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect to Your Journey' }),
  ).toBeVisible();
});

test('the page shows the contact information card', async ({ page }) => {
  const info = page.getByRole('complementary', { name: 'Contact information' });
  await expect(info.getByRole('link', { name: 'office@tziyun.org' })).toHaveAttribute(
    'href',
    'mailto:office@tziyun.org',
  );
  await expect(info.getByRole('link', { name: '(845) 555-0142' })).toHaveAttribute('href', /^tel:/);
  await expect(info).toContainText('Monsey, NY 10952');
  await expect(info.getByRole('link', { name: 'Support our sacred mission!' })).toHaveAttribute(
    'href',
    '/donate',
  );
});

test('submitting empty shows the three messages under the fields and sends nothing', async ({
  page,
}) => {
  const calls = trackApiRequests(page);
  const f = contactForm(page);
  await f.send.click();

  await expect(f.name).toHaveAccessibleDescription('Name must be at least 2 characters');
  await expect(f.email).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(f.message).toHaveAccessibleDescription('Message must be at least 10 characters');
  for (const field of [f.name, f.email, f.message]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  // Each message is visible, just below its own field.
  for (const [field, text] of [
    [f.name, 'Name must be at least 2 characters'],
    [f.email, 'Please enter a valid email address'],
    [f.message, 'Message must be at least 10 characters'],
  ] as const) {
    const message = f.form.getByText(text, { exact: true });
    await expect(message).toBeVisible();
    const fieldBox = (await field.boundingBox())!;
    const messageBox = (await message.boundingBox())!;
    expect(messageBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
    expect(messageBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(40);
  }
  // The first invalid field receives focus.
  await expect(f.name).toBeFocused();
  await expectNoApiCalls(page, calls);
});

test('fixing a field clears its message and leaves the others', async ({ page }) => {
  const f = contactForm(page);
  await f.send.click();
  await expect(f.form.getByText('Name must be at least 2 characters')).toBeVisible();

  await f.name.fill('J');
  await expect(f.form.getByText('Name must be at least 2 characters')).toBeVisible();
  await f.name.fill('Jo');
  await expect(f.form.getByText('Name must be at least 2 characters')).toBeHidden();
  await expect(f.name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(f.form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(f.form.getByText('Message must be at least 10 characters')).toBeVisible();

  await f.email.fill('not-an-address');
  await expect(f.form.getByText('Please enter a valid email address')).toBeVisible();
  await f.email.fill('jo@example.com');
  await expect(f.form.getByText('Please enter a valid email address')).toBeHidden();

  await f.message.fill('Too short');
  await expect(f.form.getByText('Message must be at least 10 characters')).toBeVisible();
  await f.message.fill('Long enough now');
  await expect(f.form.getByText('Message must be at least 10 characters')).toBeHidden();
});

test('a valid message shows the sending state, then the server’s message, and resets', async ({
  page,
}) => {
  const f = contactForm(page);
  const held = await holdRequests(page, '**/api/contact');
  const sent = await fillValid(page);
  await f.send.click();

  const request = await held.arrived;
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toMatchObject({
    name: sent.name,
    email: sent.email,
    message: 'Please pray for my mother, Rivka bat Leah, for a full recovery.',
  });
  const sending = f.form.getByRole('button', { name: 'Sending Message...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await expect(f.name).toBeDisabled();
  await expect(f.email).toBeDisabled();
  await expect(f.message).toBeDisabled();

  const responsePromise = page.waitForResponse('**/api/contact');
  held.release();
  const response = await responsePromise;
  expect(response.status()).toBe(200);
  const { message } = (await response.json()) as { message: string };
  expect(message.length).toBeGreaterThan(10);

  const shown = toast(page);
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('data-variant', 'default');
  await expect(page.getByRole('status')).toContainText('Message Sent!');
  // The toast shows the server's own words.
  await expect(page.getByRole('status')).toContainText(message);

  await expect(f.send).toBeEnabled();
  await expect(f.name).toHaveValue('');
  await expect(f.email).toHaveValue('');
  await expect(f.message).toHaveValue('');
  await expect(f.name).toBeEnabled();
  // A reset form shows no stale messages.
  await expect(f.form.getByText('Name must be at least 2 characters')).toBeHidden();
});

test('a rate-limited send shows an error toast with the status and keeps the form', async ({
  page,
}) => {
  const f = contactForm(page);
  await failRequests(page, '**/api/contact', 429, {
    code: 'rate_limited',
    message: 'Too many requests. Please wait a minute and try again.',
  });
  const sent = await fillValid(page);
  await f.send.click();

  const shown = toast(page);
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('data-variant', 'destructive');
  const alert = page.getByRole('alert');
  await expect(alert.getByText('Error', { exact: true })).toBeVisible();
  await expect(
    alert.getByText('Too many requests. Please wait a minute and try again.', { exact: true }),
  ).toBeVisible();

  await expect(f.send).toBeEnabled();
  await expect(f.name).toHaveValue(sent.name);
  await expect(f.email).toHaveValue(sent.email);
  await expect(f.message).toHaveValue(
    'Please pray for my mother, Rivka bat Leah, for a full recovery.',
  );
  await expect(f.name).toBeEnabled();
});

test('a server error shows the server’s message, without the status', async ({ page }) => {
  const f = contactForm(page);
  await failRequests(page, '**/api/contact', 500, {
    code: 'internal',
    message: 'Something went wrong on our side. Please try again.',
  });
  await fillValid(page);
  await f.send.click();
  await expect(
    page
      .getByRole('alert')
      .getByText('Something went wrong on our side. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(f.message).toHaveValue(
    'Please pray for my mother, Rivka bat Leah, for a full recovery.',
  );
});

test('an error with an empty body says so in plain words, without the status', async ({ page }) => {
  const f = contactForm(page);
  await failRequests(page, '**/api/contact', 503);
  await fillValid(page);
  await f.send.click();
  await expect(
    page
      .getByRole('alert')
      .getByText('Something went wrong. Please try again in a few minutes.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('alert').getByText(/503|Service Unavailable/)).toHaveCount(0);
});

test('the toast disappears after 5 seconds', async ({ page }) => {
  const start = Date.now();
  await page.clock.install({ time: start });
  await gotoHydrated(page, '/contact');
  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt(start + 60_000);
  const f = contactForm(page);
  await fillValid(page);
  await f.send.click();
  const shown = toast(page);
  await expect(shown).toContainText('Message Sent!');

  await page.clock.runFor(4_900);
  await expect(shown).toBeVisible();
  await page.clock.runFor(200);
  await expect(shown).toBeHidden();
});

test('the toast can be dismissed by its close button', async ({ page }) => {
  const f = contactForm(page);
  await fillValid(page);
  await f.send.click();
  await expect(toast(page)).toContainText('Message Sent!');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast(page)).toHaveCount(0);
});

test('only one toast shows at a time: a new one replaces the last', async ({ page }) => {
  const f = contactForm(page);
  // First toast: the newsletter's blank-address message.
  await page
    .getByRole('form', { name: 'Newsletter signup' })
    .getByRole('button', { name: 'Inspire Me' })
    .click();
  await expect(toast(page)).toContainText('Please enter your email address');

  // Second toast: the contact form's success.
  await fillValid(page);
  await f.send.click();
  await expect(toast(page)).toContainText('Message Sent!');
  await expect(toast(page)).toHaveCount(1);
  await expect(page.getByText('Please enter your email address')).toHaveCount(0);

  // Third: an error after a success.
  await failRequests(page, '**/api/contact', 429, {
    code: 'rate_limited',
    message: 'Too many requests. Please wait a minute and try again.',
  });
  await fillValid(page);
  await f.send.click();
  await expect(toast(page)).toContainText('Too many requests');
  await expect(toast(page)).toHaveCount(1);
  await expect(page.getByText('Message Sent!')).toHaveCount(0);
});
