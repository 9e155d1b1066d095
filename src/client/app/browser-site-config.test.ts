// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { describe, expect, it } from 'vitest';

// vite.config.ts serves the browser the site configuration without what only the server reads,
// so no phone downloads the welcome mail's schedule, the prayer-name rules or the tax statement.
describe('the site configuration in the browser', () => {
  it('has what the pages show and none of the server-only keys', () => {
    expect(siteConfig.tiers.length).toBeGreaterThan(0);
    expect(siteConfig.mentorship.nextSession).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const key of ['memberSchedule', 'prayerNames', 'taxStatement', 'seo', 'receipts']) {
      expect(Object.keys(siteConfig), key).not.toContain(key);
    }
  });
});
