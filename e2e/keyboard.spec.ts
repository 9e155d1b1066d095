import { expect, test } from '@playwright/test';
import siteConfig from '@site-config';
import { expectNoAxeViolations } from './support/axe';
import { expectVisibleFocusOn, press, tabTo, typeHere } from './support/keyboard';
import { linkIn, mailTo } from './support/mail';
import { gotoHydrated, toast, uniqueEmail, waitForHydration } from './support/public-site';
import { cards, serveStripeStandIn } from './support/stripe';

/**
 * A visitor who uses only the keyboard donates, applies to join and subscribes to the
 * newsletter: Tab, Shift+Tab, the arrow keys, Enter and Space, typing into whatever has focus.
 * Every stop on the way must be on screen with a visible focus indicator (support/keyboard.ts).
 * Sending a message is accessibility.spec.ts's.
 */

test('a one-time card gift, from /donate to the thank-you, with the keyboard alone', async ({
  page,
}) => {
  await serveStripeStandIn(page);
  await gotoHydrated(page, '/donate');

  // The tabs: one stop, the arrow keys switch them.
  const oneTime = page.getByRole('tab', { name: 'One-Time' });
  await tabTo(page, oneTime);
  await press(page, 'ArrowRight');
  await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  await press(page, 'ArrowLeft');
  await expect(oneTime).toHaveAttribute('aria-selected', 'true');

  const preset = page.getByRole('button', { name: '$36', exact: true });
  await tabTo(page, preset);
  await page.keyboard.press('Space');
  await expect(preset).toHaveAttribute('aria-pressed', 'true');
  const donate = page.getByRole('button', { name: 'Donate $36' });
  await tabTo(page, donate);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/checkout\?amount=36&type=onetime&method=credit_card$/);
  await waitForHydration(page);
  await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
  const complete = page.getByRole('button', { name: 'Complete Donation $36' });
  await expect(complete).toBeEnabled();

  const form = page.locator('#main form');
  const name = form.getByRole('textbox', { name: 'Full Name' });
  await tabTo(page, name);
  await typeHere(page, name, 'Dina Katz');
  await press(page, 'Tab');
  await typeHere(
    page,
    form.getByRole('textbox', { name: 'Email', exact: true }),
    uniqueEmail('kb'),
  );
  const card = form.getByLabel('Card number');
  await tabTo(page, card);
  await typeHere(page, card, cards.paying);
  await tabTo(page, complete);
  await page.keyboard.press('Enter');

  await expect(toast(page)).toContainText('Payment Successful');
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByText('Thank you for your generous donation!')).toBeVisible();
});

test('a membership application with the keyboard alone', async ({ page }) => {
  await gotoHydrated(page, '/join');
  const form = page.getByRole('form', { name: 'Membership application' });
  const first = form.getByRole('textbox', { name: 'First Name', exact: true });
  await tabTo(page, first);
  await typeHere(page, first, 'Chana');
  await press(page, 'Tab');
  await typeHere(page, form.getByRole('textbox', { name: 'Last Name', exact: true }), 'Blau');
  await press(page, 'Tab');
  const email = form.getByRole('textbox', { name: 'Email', exact: true });
  await typeHere(page, email, uniqueEmail('kb-join'));
  // Back and forth: Shift+Tab returns to the previous field.
  await press(page, 'Shift+Tab');
  await expectVisibleFocusOn(page, form.getByRole('textbox', { name: 'Last Name', exact: true }));
  await press(page, 'Tab');
  await expectVisibleFocusOn(page, email);

  const tier = form.getByRole('combobox', { name: 'Membership Tier' });
  await tabTo(page, tier);
  await expect(tier).toHaveValue('flame');
  await press(page, 'ArrowDown');
  await expect(tier).toHaveValue('beacon');
  await press(page, 'Tab');
  await typeHere(
    page,
    form.getByRole('textbox', { name: 'Prayer Intentions' }),
    'Health for my mother',
  );
  const submit = form.getByRole('button', { name: 'Submit Application' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  // The welcome screen takes focus at its heading; Tab goes on from there.
  const heading = page.getByRole('heading', { level: 1, name: 'Welcome to Tziyun!' });
  await expect(heading).toBeFocused();
  await expect(page.getByText('Thank you for applying to the Beacon Tier')).toBeVisible();
  // Tab goes on to the office's phone (the next step, paying, is in the email), then home.
  await press(page, 'Tab');
  await expectVisibleFocusOn(
    page,
    page
      .getByRole('region', { name: 'Complete your membership' })
      .getByRole('link', { name: siteConfig.contact.phone }),
  );
  await tabTo(page, page.getByRole('link', { name: 'Return to Homepage' }));
  await expectVisibleFocusOn(page, page.getByRole('link', { name: 'Return to Homepage' }));
});

test('a newsletter signup with the keyboard alone, then its confirmation page', async ({
  page,
}) => {
  await gotoHydrated(page, '/contact');
  const signup = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter signup' });
  const field = signup.getByRole('textbox', { name: 'Email address' });
  const button = signup.getByRole('button', { name: 'Inspire Me' });
  await tabTo(page, field, { max: 80 });
  const email = uniqueEmail('kb-newsletter');
  await typeHere(page, field, email);
  await press(page, 'Tab');
  await expectVisibleFocusOn(page, button);
  await press(page, 'Shift+Tab');
  await expectVisibleFocusOn(page, field);
  await press(page, 'Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('status')).toContainText('Check your email');
  await expect(field).toHaveValue('');
  // Focus stays where it was, so the visitor can go on from there.
  await expectVisibleFocusOn(page, button);

  const mail = await mailTo(email, /confirm your subscription/);
  // The link shows the button that confirms (ADR 034); the keyboard presses it.
  await gotoHydrated(page, linkIn(mail, '/newsletter/confirm?token='));
  const confirm = page.getByRole('button', { name: 'Confirm my subscription' });
  await tabTo(page, confirm);
  await expectVisibleFocusOn(page, confirm);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/newsletter\?status=confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed');
  await expectNoAxeViolations(page);
});
