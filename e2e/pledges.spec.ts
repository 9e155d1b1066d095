import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, sectionNav, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mail';
import { expectNoSidewaysScroll, toast, uniqueEmail } from './support/public-site';

/**
 * Pledges on a phone: the office writes a promise down, sees it marked overdue, reminds the donor
 * once (a second click the same week is refused in plain words), records a part payment as a
 * gift with its receipt number, and cancels the rest with a reason.
 */
failOnPageErrors();
test.use({ viewport: { width: 390, height: 844 } });

async function openPledges(page: Page) {
  await signInByApi(page);
  await page.goto('/admin?section=pledges');
  await expect(page.getByRole('heading', { level: 2, name: 'Pledges' })).toBeVisible();
  await expect(sectionNav(page).getByRole('button', { name: 'Section: Pledges' })).toBeVisible();
}

test('records a pledge, reminds, takes a part payment and cancels the rest, on a phone', async ({
  page,
}) => {
  // One journey of many steps, two axe runs and a mail through the outbox.
  test.slow();
  const email = uniqueEmail('pledge');
  const name = `Chana Pledger ${Date.now().toString(36)}`;
  await openPledges(page);
  const form = page.getByRole('form', { name: 'Record a pledge' });
  await form.getByRole('button', { name: 'Record Pledge' }).click();
  await expect(form).toContainText("Please enter the donor's name");
  await expect(form).toContainText('Please enter the amount in dollars');
  await expect(form.getByLabel("Donor's name")).toBeFocused();

  await form.getByLabel("Donor's name").fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Amount pledged (dollars)').fill('250');
  await form.getByLabel('Expected by').fill('2026-01-05');
  await form.getByLabel('What it is for').fill('The yahrzeit kiddush');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Record Pledge' }).click();
  await expect(toast(page)).toContainText('It counts nowhere as money until it is paid.');
  await expect(form.getByLabel("Donor's name")).toHaveValue('');

  const open = page.getByRole('list', { name: 'Open pledges' });
  const pledge = open.getByRole('listitem', { name: `${name}, $250.00` });
  await expect(pledge).toContainText('Overdue');
  await expect(pledge).toContainText('For: The yahrzeit kiddush');
  await expect(pledge).toContainText('Not reminded yet');

  await pledge.getByRole('button', { name: `Remind ${name}` }).click();
  await expect(toast(page)).toContainText(`A kind reminder is on its way to ${email}`);
  await expect(pledge).toContainText('Reminded once');
  const mail = await mailTo(email, /^Your pledge to/);
  expect(mail.text).toContain('$250.00 for The yahrzeit kiddush');
  expect(mail.text).toContain('please ignore this email');
  await pledge.getByRole('button', { name: `Remind ${name}` }).click();
  await expect(toast(page)).toContainText('A reminder was already sent on');

  // An open pledge can be corrected.
  await pledge.getByRole('button', { name: `Edit ${name}'s pledge` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Pledge' });
  await expect(editDialog.getByLabel("Donor's name")).toHaveValue(name);
  await editDialog.getByLabel('What it is for').fill('The yahrzeit kiddush and seudah');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(pledge).toContainText('For: The yahrzeit kiddush and seudah');

  // A part payment: the gift is recorded with its receipt number, and the rest stays pledged.
  await pledge.getByRole('button', { name: `Mark paid: ${name}` }).click();
  const payDialog = page.getByRole('dialog', { name: 'Mark Pledge Paid' });
  await expect(payDialog.getByLabel('Amount paid (dollars)')).toHaveValue('250.00');
  await payDialog.getByLabel('Amount paid (dollars)').fill('100');
  await payDialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(payDialog).toContainText('Please enter the cheque number');
  await payDialog.getByLabel('Reference (cheque number)').fill('5518');
  await expectNoAxeViolations(page);
  await payDialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(payDialog).toBeHidden();
  await expect(toast(page)).toContainText(/receipt \d{4}-\d{6}\. \$150\.00 is still pledged\./);
  const rest = open.getByRole('listitem', { name: `${name}, $150.00` });
  await expect(rest).toBeVisible();
  const closed = page.getByRole('list', { name: 'Paid and cancelled pledges' });
  await expect(closed.getByRole('listitem', { name: `${name}, $100.00` })).toContainText(
    /Paid: gift receipt \d{4}-\d{6} \(part of a larger pledge\)/,
  );

  // The rest is cancelled, with the reason the office keeps.
  await rest.getByRole('button', { name: `Cancel ${name}'s pledge` }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Pledge' });
  await cancelDialog.getByRole('button', { name: 'Cancel Pledge' }).click();
  await expect(cancelDialog).toContainText('Please say why the pledge is cancelled');
  await cancelDialog.getByLabel('Reason').fill('The family gave the rest to another fund');
  await cancelDialog.getByRole('button', { name: 'Cancel Pledge' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(closed.getByRole('listitem', { name: `${name}, $150.00` })).toContainText(
    'Cancelled: The family gave the rest to another fund',
  );
  await expect(open.getByRole('listitem', { name: new RegExp(name) })).toHaveCount(0);

  await expectNoSidewaysScroll(page);
});
