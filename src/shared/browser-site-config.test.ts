import siteConfig from '@site-config';
import { describe, expect, it } from 'vitest';
import { browserConfigOf, serverOnlyConfigKeys } from './browser-site-config';
import { publicContentKeys } from './site-content';

// vite.config.ts serves the browser's bundle the site configuration without what only the server
// reads (so no phone downloads the welcome mail's schedule, the prayer-name rules or the tax
// statement) and without what the office edits (it comes with each page as published).
describe('the site configuration in the browser', () => {
  it('has the fixed facts and none of the server-only or editable keys', () => {
    const browser = browserConfigOf(siteConfig);
    expect(browser.tiers.map((t) => [t.id, t.price])).toEqual(
      siteConfig.tiers.map((t) => [t.id, t.price]),
    );
    expect(browser).toMatchObject({ product: siteConfig.product, timeZone: siteConfig.timeZone });
    // The tiers stay, without their words: their ids and prices are tied to payments.
    const editable = publicContentKeys.filter((key) => key !== 'tiers');
    for (const key of [...serverOnlyConfigKeys, ...editable]) {
      expect(Object.keys(browser), key).not.toContain(key);
    }
    for (const tier of browser.tiers) expect(Object.keys(tier)).not.toContain('benefits');
    expect(JSON.stringify(browser)).not.toContain(siteConfig.hero[0]!.subtitle);
  });
});
