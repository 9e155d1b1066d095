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

/** The membership application page (spec 2, 4, 5, 9). */

const tiers = {
  spark: {
    name: 'Spark Tier',
    price: '$180/month',
    benefits: [
      'Weekly prayer at the tziyun for your intentions',
      'Monthly ‘Miracle Stories’ email',
      'New-member face-reading report (life assessment)',
    ],
  },
  flame: {
    name: 'Flame Tier',
    price: '$360/month',
    benefits: [
      'Weekly prayer at the tziyun for your intentions',
      'All Spark perks',
      'Monthly live Zoom teaching',
      'Digital thank-you note from the Rabbi',
    ],
  },
  beacon: {
    name: 'Beacon Tier',
    price: '$820/month',
    benefits: [
      'Weekly prayer at the tziyun for your intentions',
      'All Flame perks',
      'Monthly 20-minute Zoom consultation',
      'Quarterly Purpose Mentorship Circle with 10 Beacon members',
      'Annual personalised mission letter',
      'Invitation to the annual virtual ‘Legacy Circle’ event',
    ],
  },
};

const nextSteps = [
  'Submit your application',
  'Receive a confirmation email with payment details',
  'Receive your welcome materials and the prayer schedule',
  'Begin receiving tziyun prayers and guidance',
];

/** The selected-tier card: the innermost block holding the 'Selected tier' caption. */
function summary(page: Page) {
  return page.locator('div', { has: page.getByText('Selected tier', { exact: true }) }).last();
}

function applicationForm(page: Page) {
  const form = page.getByRole('form', { name: 'Membership application' });
  return {
    form,
    firstName: form.getByRole('textbox', { name: 'First Name', exact: true }),
    lastName: form.getByRole('textbox', { name: 'Last Name', exact: true }),
    email: form.getByRole('textbox', { name: 'Email', exact: true }),
    phone: form.getByRole('textbox', { name: 'Phone', exact: true }),
    tier: form.getByRole('combobox', { name: 'Membership Tier', exact: true }),
    prayerIntentions: form.getByRole('textbox', { name: 'Prayer Intentions', exact: true }),
    message: form.getByRole('textbox', { name: 'Message', exact: true }),
    submit: form.getByRole('button', { name: 'Submit Application' }),
  };
}

async function expectSummary(page: Page, tier: (typeof tiers)[keyof typeof tiers]) {
  const card = summary(page);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(tier.name);
  await expect(card.getByText(tier.price, { exact: true })).toBeVisible();
  const items = card.getByRole('listitem');
  await expect(items).toHaveCount(tier.benefits.length);
  await expect(items).toContainText(tier.benefits);
  // Bold markup is rendered as bold text, never shown as asterisks.
  await expect(card.locator('strong').first()).toBeVisible();
  await expect(card).not.toContainText('**');
}

async function fillValid(page: Page) {
  const f = applicationForm(page);
  const email = uniqueEmail('join');
  await f.firstName.fill('Sarah');
  await f.lastName.fill('Cohen');
  await f.email.fill(email);
  await f.phone.fill('+1 (845) 555-0100');
  await f.prayerIntentions.fill('Refuah shleimah for Rivka bat Leah');
  await f.message.fill('Looking forward to joining.');
  return email;
}

test('defaults to the popular tier, Flame, with its benefits and the next steps', async ({
  page,
}) => {
  await gotoHydrated(page, '/join');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Our Community' })).toBeVisible();
  await expectSummary(page, tiers.flame);
  await expect(applicationForm(page).tier).toHaveValue('flame');

  const next = page.getByRole('heading', { level: 2, name: 'What Happens Next?' });
  await expect(next).toBeVisible();
  const steps = next.locator('xpath=..').getByRole('list');
  await expect(steps).toHaveJSProperty('tagName', 'OL');
  const items = steps.getByRole('listitem');
  await expect(items).toHaveCount(4);
  for (const [i, step] of nextSteps.entries()) {
    await expect(items.nth(i)).toContainText(step);
    await expect(items.nth(i)).toContainText(String(i + 1));
  }
});

test('?tier=beacon selects the Beacon Tier', async ({ page }) => {
  await gotoHydrated(page, '/join?tier=beacon');
  await expectSummary(page, tiers.beacon);
  await expect(applicationForm(page).tier).toHaveValue('beacon');
});

test('a tier named in another case, or by its name, is still that tier', async ({ page }) => {
  await gotoHydrated(page, '/join?tier=BEACON');
  await expectSummary(page, tiers.beacon);
  await expect(applicationForm(page).tier).toHaveValue('beacon');
  await gotoHydrated(page, `/join?tier=${encodeURIComponent('spark tier')}`);
  await expectSummary(page, tiers.spark);
  await expect(applicationForm(page).tier).toHaveValue('spark');
});

test('an unknown ?tier falls back to the popular tier', async ({ page }) => {
  await gotoHydrated(page, '/join?tier=platinum');
  await expectSummary(page, tiers.flame);
  await expect(applicationForm(page).tier).toHaveValue('flame');
});

test('required fields are marked, and the two long fields are 3-row text areas', async ({
  page,
}) => {
  await gotoHydrated(page, '/join');
  const f = applicationForm(page);
  for (const label of ['First Name', 'Last Name', 'Email', 'Membership Tier']) {
    const shown = f.form.locator('label', { hasText: new RegExp(`^${label}`) });
    await expect(shown, label).toHaveText(`${label}*`);
  }
  for (const control of [f.firstName, f.lastName, f.email, f.tier]) {
    await expect(control).toHaveAttribute('aria-required', 'true');
  }
  for (const label of ['Phone', 'Prayer Intentions', 'Message']) {
    const shown = f.form.locator('label', { hasText: new RegExp(`^${label}`) });
    await expect(shown, label).toHaveText(label);
  }
  await expect(f.email).toHaveAttribute('type', 'email');
  await expect(f.phone).toHaveAttribute('type', 'tel');
  for (const area of [f.prayerIntentions, f.message]) {
    await expect(area).toHaveJSProperty('tagName', 'TEXTAREA');
    await expect(area).toHaveAttribute('rows', '3');
  }
  await expect(f.tier.locator('option')).toHaveText([
    'Spark Tier ($180/month)',
    'Flame Tier ($360/month)',
    'Beacon Tier ($820/month)',
  ]);
});

test('changing the tier updates the summary', async ({ page }) => {
  await gotoHydrated(page, '/join');
  const f = applicationForm(page);
  await f.tier.selectOption('spark');
  await expectSummary(page, tiers.spark);
  await f.tier.selectOption({ label: 'Beacon Tier ($820/month)' });
  await expectSummary(page, tiers.beacon);
});

test('submitting empty shows the field messages and sends nothing', async ({ page }) => {
  await gotoHydrated(page, '/join');
  const calls = trackApiRequests(page);
  const f = applicationForm(page);
  await f.submit.click();
  await expect(f.firstName).toHaveAccessibleDescription('First name is required');
  await expect(f.lastName).toHaveAccessibleDescription('Last name is required');
  await expect(f.email).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(f.form.getByText('First name is required')).toBeVisible();
  await expect(f.form.getByText('Last name is required')).toBeVisible();
  await expect(f.form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(f.firstName).toBeFocused();
  // The optional fields and the preselected tier are not in error.
  for (const control of [f.phone, f.tier, f.prayerIntentions, f.message]) {
    await expect(control).not.toHaveAttribute('aria-invalid', 'true');
  }
  await expectNoApiCalls(page, calls);

  // A bad phone number is refused in the browser too.
  await fillValid(page);
  await f.phone.fill('call me');
  await f.submit.click();
  await expect(f.phone).toHaveAccessibleDescription('Please enter a valid phone number');
  await expectNoApiCalls(page, calls);
});

test('a valid application shows Submitting..., then the welcome screen', async ({ page }) => {
  await gotoHydrated(page, '/join');
  const f = applicationForm(page);
  const held = await holdRequests(page, '**/api/membership-applications');
  const email = await fillValid(page);
  await f.tier.selectOption('beacon');
  await f.submit.click();

  const request = await held.arrived;
  expect(request.postDataJSON()).toMatchObject({
    firstName: 'Sarah',
    lastName: 'Cohen',
    email,
    membershipTier: 'beacon',
    prayerIntentions: 'Refuah shleimah for Rivka bat Leah',
  });
  const pending = f.form.getByRole('button', { name: 'Submitting...' });
  await expect(pending).toBeVisible();
  await expect(pending).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Welcome to Tziyun!' })).toBeHidden();

  const response = page.waitForResponse('**/api/membership-applications');
  held.release();
  expect((await response).status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tziyun!' })).toBeVisible();
  await expect(page.getByText(/Thank you for applying to the Beacon Tier\./)).toBeVisible();
  await expect(page.getByText(/will be in touch/)).toBeVisible();
  await expect(page.getByText(/confirmation email with your next steps and payment/)).toBeVisible();
  await expect(f.form).toHaveCount(0);

  const home = page.getByRole('link', { name: 'Return to Homepage' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});

test('a reload of the welcome shows the welcome again, not an empty form to send twice', async ({
  page,
}) => {
  await gotoHydrated(page, '/join?tier=spark');
  const f = applicationForm(page);
  await fillValid(page);
  await f.submit.click();
  const welcome = page.getByRole('heading', { level: 1, name: 'Welcome to Tziyun!' });
  await expect(welcome).toBeVisible();
  // Nothing in the address or on the screen opens a checkout: the link to pay is in the mail.
  await expect(page).toHaveURL(/\/join\?sent=join&tier=spark&methods=[\w%]*$/);
  const pay = page.getByText(/The link to pay, with .*, is in your confirmation email/);
  await expect(pay).toBeVisible();
  await expect(page.locator('a[href^="/checkout"]')).toHaveCount(0);

  const api = trackApiRequests(page);
  await page.reload();
  await expect(welcome).toBeVisible();
  await expect(page.getByText(/Thank you for applying to the Spark Tier\./)).toBeVisible();
  await expect(f.form).toHaveCount(0);
  // Not a new application.
  await expect(pay).toBeVisible();
  await expectNoApiCalls(page, api);

  // Within the app too: home, then Back, is the welcome again.
  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(welcome).toBeVisible();
  await expect(f.form).toHaveCount(0);
  await expect(pay).toBeVisible();
});

test('when the server fails, no welcome screen: an error toast, and the form is kept', async ({
  page,
}) => {
  await gotoHydrated(page, '/join');
  const f = applicationForm(page);
  await failRequests(page, '**/api/membership-applications', 500, {
    code: 'internal',
    message: 'Something went wrong on our side. Please try again.',
  });
  const email = await fillValid(page);
  await f.submit.click();

  await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByRole('alert')).toContainText('Error');
  await expect(
    page
      .getByRole('alert')
      .getByText('Something went wrong on our side. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Tziyun!' })).toHaveCount(0);
  await expect(f.submit).toBeEnabled();
  await expect(f.firstName).toHaveValue('Sarah');
  await expect(f.email).toHaveValue(email);
});

test('a tier refused by the server shows its message under the tier field', async ({ page }) => {
  await gotoHydrated(page, '/join');
  const f = applicationForm(page);
  await page.route('**/api/membership-applications', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'validation_failed',
          message: 'Please choose a membership tier',
          fields: { membershipTier: 'Please choose a membership tier' },
        },
      }),
    }),
  );
  await fillValid(page);
  await f.submit.click();
  await expect(f.tier).toHaveAccessibleDescription('Please choose a membership tier');
  await expect(f.tier).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Welcome to Tziyun!' })).toHaveCount(0);
});

test('Back to Homepage goes to /', async ({ page }) => {
  await gotoHydrated(page, '/join');
  const back = page.getByRole('link', { name: 'Back to Homepage' });
  await expect(back).toHaveAttribute('href', '/');
  await back.click();
  await expect(page).toHaveURL(/^[^?#]*:\/\/[^/]+\/$/);
});
