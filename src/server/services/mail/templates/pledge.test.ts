import { describe, expect, it } from 'vitest';
import { expectBothPartsToSay } from '~tests/helpers/mail';
import rawSiteConfig from '@site-config';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { renderMail } from './index';

const ctx = { site: siteConfigSchema.parse(rawSiteConfig), publicUrl: 'https://tziyun.test' };

describe('the pledge reminder', () => {
  it('says what was promised and how to give, and that a donor who sent it may ignore it', () => {
    const mail = renderMail(ctx, 'pledge-reminder', {
      name: 'Miriam Adler',
      amountCents: 50_000,
      campaign: null,
      expectedOn: '2026-12-20',
    });
    expect(mail.subject).toBe('Your pledge to Tziyun');
    expectBothPartsToSay(mail, [
      '$500.00 for the work of Tziyun',
      'December 20, 2026',
      'https://tziyun.test/donate',
      ctx.site.receipts.legalAddress.join(', '),
      'please ignore this email',
    ]);
    expect(mail.text).not.toMatch(/overdue|late|must|immediately/i);
  });

  it('escapes what the office typed in the HTML part', () => {
    const mail = renderMail(ctx, 'pledge-reminder', {
      name: '<b>x</b>',
      amountCents: 100,
      campaign: '<script>alert(1)</script>',
      expectedOn: '2026-12-20',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('for <script>alert(1)</script>');
  });
});
