import { describe, expect, it } from 'vitest';
import rawSiteConfig from '@site-config';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { renderMail } from './index';

const siteConfig = siteConfigSchema.parse(rawSiteConfig);
const ctx = { site: siteConfig, publicUrl: 'https://tziyun.test' };
const welcome = (tierId: string, activatedAt = '2026-11-22T15:00:00Z') =>
  renderMail(ctx, 'member-welcome', {
    name: 'Rivka Katz',
    tierId,
    monthlyAmountCents: siteConfig.tiers.find((t) => t.id === tierId)!.price * 100,
    activatedAt,
  });

describe('the welcome mail of a new member', () => {
  it('gives every member the prayer schedule', () => {
    const mail = welcome('spark');
    expect(mail.subject).toBe('Welcome to the Spark Tier | Tziyun');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Dear Rivka Katz,');
      expect(part).toContain('$180');
      expect(part).toContain(siteConfig.memberSchedule.prayer);
      expect(part).not.toContain('Zoom');
      expect(part).not.toContain('Mentorship Circle');
    }
  });

  it('gives Flame members the next Zoom teaching, rolled forward from the configured date', () => {
    const mail = welcome('flame');
    expect(mail.text).toContain(
      'Next live Zoom teaching: Monday, December 7, 2026, 8:00 PM Eastern.',
    );
    expect(mail.text).not.toContain('Mentorship Circle');
  });

  it('gives Beacon members the mentorship circle’s next date as well', () => {
    const mail = welcome('beacon', '2026-11-22T15:00:00Z');
    expect(mail.text).toContain('Next live Zoom teaching: Monday, December 7, 2026');
    expect(mail.text).toContain(
      'Purpose Mentorship Circle: the next session is Monday, February 15, 2027 (60 minutes, limited to 10 members of the Beacon Tier).',
    );
    // On the session's own day it is still the next one.
    expect(welcome('beacon', '2026-11-15T12:00:00Z').text).toContain(
      'the next session is Sunday, November 15, 2026',
    );
  });
});
