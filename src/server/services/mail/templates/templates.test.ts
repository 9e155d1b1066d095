import { describe, expect, it } from 'vitest';
import { expectBothPartsToSay } from '~tests/helpers/mail';
import rawSiteConfig from '@site-config';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { renderMail } from './index';

const ctx = { site: siteConfigSchema.parse(rawSiteConfig), publicUrl: 'https://tziyun.test' };
const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';

describe('mail templates', () => {
  it('escapes everything a visitor typed in the HTML part and keeps it in the text part', () => {
    const mail = renderMail(ctx, 'contact-notification', {
      name: hostile,
      email: 'x@example.org',
      message: `Hi ${hostile}`,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain(hostile);
    expect(mail.replyTo).toBe('x@example.org');
  });

  it('signs every mail with the site name and contact details', () => {
    const mail = renderMail(ctx, 'contact-acknowledgement', {});
    expectBothPartsToSay(mail, [
      'Tziyun Community Inc.',
      ctx.site.contact.email,
      ctx.site.contact.phone,
    ]);
  });

  it('acknowledges a contact message without a word the visitor typed, even from an older job', () => {
    // A job queued before the acknowledgement dropped the text still carries it: never shown.
    const older = { name: 'Buy now', email: 's@example.org', message: 'Visit evil.example' };
    const mail = renderMail(ctx, 'contact-acknowledgement', older as never);
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toContain('Buy now');
      expect(part).not.toContain('evil.example');
    }
    expect(mail.text).toContain('The office has received your message');
  });

  it('confirms a membership application naming the tier and the next steps', () => {
    const mail = renderMail(ctx, 'membership-confirmation', { tierId: 'beacon' });
    expect(mail.subject).toContain('Beacon Tier');
    // The address is not proven: the mail greets no one by a name typed on the form.
    expect(mail.text).toMatch(/^Shalom,$/m);
    expectBothPartsToSay(mail, [
      '$820',
      'Payment details',
      'Welcome materials',
      'Prayer schedule',
      'https://tziyun.test/donate',
    ]);
  });

  it('links the membership confirmation to the checkout of its tier', () => {
    const checkoutUrl =
      'https://tziyun.test/checkout?amount=820&type=subscription&method=credit_card&membership=t.s';
    const mail = renderMail(ctx, 'membership-confirmation', { tierId: 'beacon', checkoutUrl });
    expect(mail.text).toContain(checkoutUrl);
    expect(mail.html).toContain(checkoutUrl.replace(/&/g, '&amp;'));
  });

  it('never puts prayer intentions in the office notification', () => {
    const mail = renderMail(ctx, 'membership-notification', {
      firstName: 'Yosef',
      lastName: 'Levi',
      email: 'y@example.org',
      phone: '845 555 0100',
      tierId: 'spark',
      message: 'Looking forward',
      hasPrayerIntentions: true,
    });
    expect(mail.text).toContain('Prayer intentions: given (see the admin area)');
    expect(mail.text).toContain('Looking forward');
  });

  it('asks a new subscriber to confirm, with one-click unsubscribe headers and link', () => {
    const mail = renderMail(ctx, 'newsletter-confirmation', {
      confirmToken: 'c/t+1',
      unsubscribeToken: 'u-1',
    });
    expect(mail.text).toContain('https://tziyun.test/newsletter/confirm?token=c%2Ft%2B1');
    expect(mail.html).toContain('https://tziyun.test/newsletter/unsubscribe?token=u-1');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://tziyun.test/api/newsletter/unsubscribe?token=u-1>, <mailto:${ctx.site.contact.email}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('donation mails', () => {
  const receipt = {
    donationId: '7f4e2a8e-0000-4000-8000-000000000001',
    donorName: hostile,
    amountCents: 18569,
    feeCents: 569,
    currency: 'usd',
    donatedAt: '2026-03-01T03:30:00.000Z',
    paymentMethod: 'stripe' as const,
    donationType: 'subscription' as const,
    dedication: { kind: 'memory' as const, name: 'Rivka bat Leah' },
  };

  it('gives a tax receipt: organisation, EIN, amount, date in the site’s zone, method, dedication', () => {
    const mail = renderMail(ctx, 'donation-receipt', receipt);
    expect(mail.html).not.toContain('<script>');
    expectBothPartsToSay(mail, [
      'Tziyun Community Inc.',
      ctx.site.ein,
      '$185.69',
      // 03:30 UTC on March 1st is still February 28th in New York.
      'February 28, 2026',
      'Credit card',
      'Monthly donation',
      'In memory of Rivka bat Leah',
      '$5.69',
      'No goods or services were provided in exchange for this contribution.',
      receipt.donationId,
    ]);
  });

  it('tells a monthly donor whose card failed where to pay', () => {
    const mail = renderMail(ctx, 'donation-payment-failed', {
      donorName: null,
      amountCents: 3600,
      currency: 'usd',
      payUrl: 'https://invoice.stripe.test/i/in_1',
    });
    expect(mail.text).toContain('Dear friend,');
    expect(mail.text).toContain('$36.00');
    expect(mail.html).toContain('href="https://invoice.stripe.test/i/in_1"');
  });

  const manageUrl = 'https://tziyun.test/donate/manage?token=eyJwIjoibSJ9.c2ln&x=<1>';
  const manageLabel = 'Manage your monthly gift (change card or cancel)';

  it('gives a monthly card gift’s receipt the manage link, as a button and a plain line', () => {
    const mail = renderMail(ctx, 'donation-receipt', { ...receipt, manageUrl });
    expect(mail.html).toContain(
      'href="https://tziyun.test/donate/manage?token=eyJwIjoibSJ9.c2ln&amp;x=&lt;1&gt;"',
    );
    expect(mail.html).toContain(`>${manageLabel}</a>`);
    expect(mail.text).toContain(`${manageLabel}:\n${manageUrl}\n`);
  });

  it('leaves the manage link out of receipts without one (one-time gifts, older jobs)', () => {
    for (const data of [receipt, { ...receipt, manageUrl: null }]) {
      const mail = renderMail(ctx, 'donation-receipt', data);
      expect(mail.html).not.toContain('/donate/manage');
      expect(mail.text).not.toContain(manageLabel);
    }
  });

  it('gives a failed renewal both the invoice’s pay link and the manage link', () => {
    const mail = renderMail(ctx, 'donation-payment-failed', {
      donorName: 'Moshe',
      amountCents: 3600,
      currency: 'usd',
      payUrl: 'https://invoice.stripe.test/i/in_2',
      manageUrl,
    });
    expect(mail.html).toContain('href="https://invoice.stripe.test/i/in_2"');
    expect(mail.html).toContain('href="https://tziyun.test/donate/manage?token=');
    expect(mail.html).toContain(`>${manageLabel}</a>`);
    expect(mail.text).toContain('https://invoice.stripe.test/i/in_2');
    expect(mail.text).toContain(`${manageLabel}:\n${manageUrl}\n`);
    // Without Stripe's page, the manage link alone.
    const bare = renderMail(ctx, 'donation-payment-failed', {
      donorName: null,
      amountCents: 3600,
      currency: 'usd',
      payUrl: null,
      manageUrl,
    });
    expect(bare.html).not.toContain('Update payment');
    expect(bare.text).toContain(manageUrl);
  });
});
