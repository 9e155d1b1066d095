import { describe, expect, it } from 'vitest';
import { expectBothPartsToSay } from '~tests/helpers/mail';
import rawSiteConfig from '@site-config';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { renderMail } from './index';

const ctx = { site: siteConfigSchema.parse(rawSiteConfig), publicUrl: 'https://tziyun.test' };
const hostile = '<script>alert(1)</script>';

const receipt = {
  donationId: 'd-1',
  donorName: 'Sarah',
  amountCents: 7200,
  feeCents: 0,
  currency: 'usd',
  donatedAt: '2026-05-01T12:00:00.000Z',
  paymentMethod: 'ojc' as const,
  donationType: 'subscription' as const,
  dedication: null,
};

describe('OJC mail', () => {
  it('puts the cancel link of a monthly OJC gift in its receipt, and none otherwise', () => {
    const url = 'https://tziyun.test/donate/cancel?token=abc.def';
    const mail = renderMail(ctx, 'donation-receipt', { ...receipt, cancelUrl: url });
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('Cancel your monthly gift');
    const plain = renderMail(ctx, 'donation-receipt', receipt);
    expect(plain.text).not.toContain('Cancel your monthly gift');
  });

  it('tells a donor whose month was declined why, and how to give again', () => {
    const mail = renderMail(ctx, 'ojc-gift-declined', {
      donorName: hostile,
      amountCents: 7200,
      currency: 'usd',
      cardLast4: '4242',
      reason: 'This OJC card is invalid or inactive.',
    });
    expect(mail.html).not.toContain('<script>');
    expectBothPartsToSay(mail, [
      '$72.00',
      'ending in 4242',
      'This OJC card is invalid or inactive.',
      'https://tziyun.test/donate',
      ctx.site.contact.phone,
    ]);
  });

  it('gives the office what it needs to look a charge up', () => {
    const mail = renderMail(ctx, 'ojc-charge-office', {
      outcome: 'unconfirmed',
      donationId: 'd-2',
      giftId: null,
      donorName: 'Sarah',
      email: 'sarah@example.org',
      amountCents: 3600,
      currency: 'usd',
      cardLast4: '4242',
      detail: 'no answer (ECONNRESET)',
    });
    expect(mail.subject).toContain('OJC charge to check');
    expect(mail.replyTo).toBe('sarah@example.org');
    expect(mail.text).toContain('Reference sent to OJC: d-2');
    expect(mail.text).toContain("check OJC's portal");
  });
});
