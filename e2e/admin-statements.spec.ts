import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, sectionRegion, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, mailTo, openWithButton } from './support/mail';
import { giveByOjcCard } from './support/ojc';
import { uniqueEmail } from './support/public-site';

/**
 * Statements & Privacy for the office: it opens on the year the office wants (the year under way,
 * last year in January, when its statements are mailed); "Erase" asks first, naming the donor
 * and what goes; an erased donor leaves the year's statements. On a desk and on a phone.
 */
failOnPageErrors();

/** A donor who gave today by OJC card and then asked, from My giving, to be forgotten. */
async function donorAskingToBeForgotten(page: Page, name: string) {
  const email = uniqueEmail('forget');
  await giveByOjcCard(page.request, {
    amount: 36,
    donationType: 'onetime',
    donorName: name,
    donorEmail: email,
  });
  const asked = await page.request.post('/api/my-giving/link', { data: { email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = new URL(linkIn(await mailTo(email, /Your giving/), '/my-giving?token='));
  await openWithButton(page, link, 'Show my giving');
  await page.getByLabel('I want to be forgotten').check();
  await page.getByRole('button', { name: 'Ask to be forgotten' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your request to be forgotten is with the office',
  );
  return email;
}

for (const [label, viewport] of [
  ['desk, 1280 px', { width: 1280, height: 800 }],
  ['phone, 390 px', { width: 390, height: 844 }],
] as const) {
  test(`on a ${label}: Erase asks first, naming the donor; the erased donor leaves the statements`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const name = `Erin Erase ${Date.now().toString(36)}`;
    const donor = await browser.newPage();
    const email = await donorAskingToBeForgotten(donor, name);
    await donor.close();

    await signInByApi(page);
    await page.goto('/admin?section=statements');
    const region = sectionRegion(page, 'Statements & Privacy');
    await expect(
      region.getByRole('heading', { level: 2, name: 'Statements & Privacy' }),
    ).toBeVisible();
    const now = new Date();
    const opening = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
    await expect(region.getByLabel('Year')).toHaveValue(String(opening));
    // The year under way except in January: today's gift is in the list the page opens on.
    if (opening !== now.getFullYear()) {
      await region.getByLabel('Year').selectOption(String(now.getFullYear()));
    }
    const statements = region.getByRole('table', { name: `Statements for ${now.getFullYear()}` });
    await expect(statements.getByRole('row').filter({ hasText: email })).toBeVisible();

    const request = region
      .getByRole('table', { name: 'Erasure requests' })
      .getByRole('row')
      .filter({ hasText: email });
    await expect(request).toContainText(name);
    await expect(request).toContainText('Waiting');

    // Erase asks first; Cancel (focused first, so Enter cannot erase by accident) erases nothing.
    await request.getByRole('button', { name: `Erase ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this donor?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${name} (${email}) will be erased`);
    await expect(dialog).toContainText('names for prayer');
    await expect(dialog).toContainText('This cannot be undone');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(request).toContainText('Waiting');

    await request.getByRole('button', { name: `Erase ${email}` }).click();
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Donor erased' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(statements.getByRole('row').filter({ hasText: email })).toHaveCount(0);
    await expect(statements).not.toContainText('Erased donor');
    await expect(region.getByRole('table', { name: 'Erasure requests' })).not.toContainText(email);
  });
}
