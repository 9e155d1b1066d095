import { expect, test } from '@playwright/test';
import { failOnPageErrors, giftsReceivedFrom, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, mailTo, openWithButton } from './support/mail';

/**
 * One donor record per person (ADR 053), on a 390 px phone: the office records a cheque in Gifts
 * Received for an email; the donor opens My giving from the mailed link and finds the cheque
 * there with how it came and its receipt number.
 */
failOnPageErrors();
test.use({ viewport: { width: 390, height: 844 } });

test('a cheque recorded by the office shows in the donor’s My giving, with its receipt number', async ({
  page,
  browser,
}) => {
  // Two browsers, two sign-ins and a mail on a busy machine.
  test.slow();
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `cheque-${stamp}@example.org`;
  // Its own donor each run: the recent list is the whole ledger's, and a worker may run this twice.
  const name = `Miriam Gold ${stamp}`;
  await signInByApi(page);
  await page.goto('/admin?section=gifts-received');
  const form = page.getByRole('form', { name: 'Record a gift received another way' });
  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Amount (dollars)').fill('260');
  await form.getByLabel('How it was given').selectOption('check');
  await form.getByLabel('Reference (cheque number)').fill('4455');
  await form.getByRole('button', { name: 'Record Gift' }).click();
  const recorded = giftsReceivedFrom(page, name).filter({ hasText: 'Cheque 4455' });
  await expect(recorded).toBeVisible();
  const receipt = (await recorded.textContent())!.match(/\d{4}-\d{6}/)![0];

  // The donor, in their own browser, on their phone.
  const donor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const mine = await donor.newPage();
  await mine.goto('/my-giving');
  await mine.getByRole('main').getByLabel('Email').fill(email);
  await mine.getByRole('button', { name: 'Send me the link' }).click();
  await expect(mine.getByRole('main').getByRole('status')).toContainText(
    'a link to your giving is on its way',
  );
  const link = new URL(linkIn(await mailTo(email, /Your giving/), '/my-giving?token='));
  await openWithButton(mine, link, 'Show my giving');
  const gifts = mine.getByRole('main').getByRole('region', { name: 'Your gifts' });
  await expect(gifts).toContainText('$260.00');
  await expect(gifts).toContainText('Cheque 4455');
  await expect(gifts).toContainText(`Receipt number ${receipt}`);
  await expect(mine.getByRole('main')).toContainText(name);
  await expectNoAxeViolations(mine);
  await donor.close();
});
