import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { failOnPageErrors, giftsReceivedFrom, sectionNav, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/public-site';

/**
 * The office's ledger on a phone at the tziyun: a cheque handed over is recorded in Gifts
 * Received, gets the next receipt number, is refused in plain words when something is missing,
 * and counts in the donor table like any gift.
 */
failOnPageErrors();
test.use({ viewport: { width: 390, height: 844 } });

async function openGiftsReceived(page: Page) {
  await signInByApi(page);
  await page.goto('/admin?section=gifts-received');
  await expect(page.getByRole('heading', { level: 2, name: 'Gifts Received' })).toBeVisible();
  await expect(
    sectionNav(page).getByRole('button', { name: 'Section: Gifts Received' }),
  ).toBeVisible();
}

test('records a cheque on a phone, with its receipt number, and finds it among the donors', async ({
  page,
}) => {
  // Its own donor each run: the list and the duplicate check are the whole ledger's.
  const stamp = Date.now();
  const name = `Shimon Lev ${stamp}`;
  const email = `shimon.lev.${stamp}@example.org`;
  await openGiftsReceived(page);
  const form = page.getByRole('form', { name: 'Record a gift received another way' });
  // Nothing typed: each required field says what it needs, and nothing is recorded.
  await form.getByRole('button', { name: 'Record Gift' }).click();
  await expect(form).toContainText("Please enter the donor's name");
  await expect(form).toContainText('Please enter the amount in dollars');
  await expect(form.getByLabel("Donor's name")).toBeFocused();

  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Amount (dollars)').fill('1,234.50');
  await form.getByLabel('How it was given').selectOption('check');
  // A cheque without its number is refused, and the field says so.
  await form.getByRole('button', { name: 'Record Gift' }).click();
  await expect(form).toContainText('Please enter the cheque number');
  await expect(form.getByLabel('Reference (cheque number)')).toBeFocused();
  await form.getByLabel('Reference (cheque number)').fill('7781');
  await form.getByLabel('Dedicated to').fill('יעקב בן אברהם');
  await form.getByLabel('Dedication').selectOption('memory');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Record Gift' }).click();

  const recorded = giftsReceivedFrom(page, name).filter({ hasText: 'Cheque 7781' });
  await expect(recorded).toHaveCount(1);
  await expect(recorded).toContainText('$1,234.50');
  await expect(recorded).toContainText(/\d{4}-\d{6}/);
  await expect(form.getByLabel("Donor's name")).toHaveValue('');

  // The same cheque again: the office is told, and may say it is a second gift.
  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Amount (dollars)').fill('1234.50');
  await form.getByLabel('Reference (cheque number)').fill('7781');
  await form.getByRole('button', { name: 'Record Gift' }).click();
  await expect(form).toContainText('Cheque 7781 from this donor is already recorded');
  await expect(recorded).toHaveCount(1);
  await form.getByLabel('This is a second gift, not the same one typed again: record it.').check();
  await form.getByRole('button', { name: 'Record Gift' }).click();
  await expect(recorded).toHaveCount(2);

  // Nothing on the page scrolls sideways on the phone.
  await expectNoSidewaysScroll(page);

  // The donor table counts it like any gift.
  await page.goto('/admin/donors');
  await page.getByLabel('Search').fill(email);
  await expect(page.getByRole('main')).toContainText(name);
  await expect(page.getByRole('main')).toContainText('$1,234.50');
});

test('voids a returned cheque on a phone: it stays listed as void, with its reason', async ({
  page,
}) => {
  const name = `Leah Adler ${Date.now()}`;
  await openGiftsReceived(page);
  const form = page.getByRole('form', { name: 'Record a gift received another way' });
  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Amount (dollars)').fill('360');
  await form.getByLabel('Reference (cheque number)').fill('5150');
  await form.getByLabel('Postal address').fill('3 Elm St, Monsey, NY 10952');
  await form.getByRole('button', { name: 'Record Gift' }).click();
  const row = giftsReceivedFrom(page, name);
  await expect(row).toContainText('Cheque 5150');

  // By keyboard: the Void button opens the dialog, whose reason is required.
  await row.getByRole('button', { name: /^Void receipt/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Void receipt \d{4}-\d{6}\?$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Void Gift' }).click();
  await expect(dialog).toContainText('Please say why');
  await expect(dialog.getByLabel('Why it is void')).toBeFocused();
  await page.keyboard.type('Returned by the bank');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Void Gift' }).click();
  await expect(dialog).toBeHidden();

  await expect(row).toContainText('Void');
  await expect(row).toContainText('Returned by the bank');
  await expect(row.getByRole('button', { name: /^Void receipt/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('keeps the photo of a cheque taken on a phone, for the office alone', async ({
  page,
  browser,
}) => {
  const name = `Dov Sofer ${Date.now()}`;
  const cheque = await sharp({
    create: { width: 1200, height: 560, channels: 3, background: '#f5f5f4' },
  })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 46/1 0/1', GPSMapDatum: 'WGS-84' },
    })
    .jpeg()
    .toBuffer();
  await openGiftsReceived(page);
  const form = page.getByRole('form', { name: 'Record a gift received another way' });
  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Amount (dollars)').fill('52');
  await form.getByLabel('Reference (cheque number)').fill('6120');
  await form.getByLabel('Postal address').fill('8 Oak Ln, Monsey, NY 10952');
  const photoInput = form.getByLabel('Photo of the cheque or voucher');
  await expect(photoInput).toHaveAttribute('capture', 'environment');
  await photoInput.setInputFiles({ name: 'cheque.jpg', mimeType: 'image/jpeg', buffer: cheque });
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Record Gift' }).click();

  const row = giftsReceivedFrom(page, name);
  const link = row.getByRole('link', { name: /^Photo of the cheque or voucher for receipt/ });
  await expect(link).toBeVisible();
  await expect(photoInput).toHaveValue('');
  await expectNoAxeViolations(page);

  const href = (await link.getAttribute('href'))!;
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['cache-control']).toBe('no-store');
  expect((await served.body()).includes(Buffer.from('WGS-84'))).toBe(false);

  // From the list: a file that is not a photo is refused in words, and the photo stays.
  await row.getByLabel(/^Replace photo: /).setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('x'.repeat(300)),
  });
  await expect(page.getByText('Photo Not Kept')).toBeVisible();
  await expect(page.getByText(/not a JPEG, PNG or WebP photo/)).toBeVisible();
  await expect(link).toBeVisible();

  // A visitor without the office's session is refused it.
  const visitor = await browser.newContext();
  expect((await visitor.request.get(new URL(href, page.url()).href)).status()).toBe(401);
  await visitor.close();
});

test('credits a cheque to a team of its campaign: cleared, the team’s page counts it', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Shiur Day ${stamp}`;
  const slug = `shiur-day-${stamp}`;
  const name = `Yosef Adler ${stamp}`;
  await openGiftsReceived(page);
  // The campaign and its approved team, made through the API as the Campaigns section would.
  const { csrfToken } = await (await page.request.get('/api/admin/session')).json();
  const headers = { 'x-csrf-token': csrfToken };
  const hour = 3_600_000;
  const made = await page.request.post('/api/admin/campaigns', {
    headers,
    data: {
      slug,
      title,
      goal: 5000,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + 23 * hour).toISOString(),
      pauseForShabbat: false,
      status: 'published',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { campaign } = (await made.json()) as { campaign: { id: string } };
  const added = await page.request.post(`/api/admin/campaigns/${campaign.id}/teams`, {
    headers,
    data: {
      name: 'The Adler Shiur',
      leaderName: 'Yosef Adler',
      leaderEmail: 'adler@example.org',
      goal: 1000,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const team = ((await added.json()) as { team: { slug: string } }).team.slug;
  await page.reload();

  const form = page.getByRole('form', { name: 'Record a gift received another way' });
  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Email').fill(`adler.${stamp}@example.org`);
  await form.getByLabel('Amount (dollars)').fill('180');
  await form.getByLabel('Reference (cheque number)').fill('3310');
  await form.getByLabel('Campaign').selectOption({ label: title });
  await form.getByLabel('Team').selectOption({ label: 'The Adler Shiur' });
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Record Gift' }).click();

  const row = giftsReceivedFrom(page, name);
  await expect(row).toContainText(`${title}, The Adler Shiur`);
  await row.getByRole('button', { name: `Mark cleared: ${name}'s pending gift` }).click();
  await expect(row).toContainText(/\d{4}-\d{6}/);

  await page.goto(`/campaign/${slug}/team/${team}`);
  await expect(page.getByRole('meter', { name: 'Raised by the team' })).toHaveAttribute(
    'aria-valuenow',
    '180',
  );
});
