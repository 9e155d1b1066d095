import rawSiteConfig from '@site-config';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { contentOfConfig } from '~/shared/site-content';
import { readStoredContent } from './stored-content';

const seed = contentOfConfig(siteConfigSchema.parse(rawSiteConfig));

describe('content stored by an earlier release', () => {
  it('keeps every section the office published', () => {
    const stored = JSON.parse(
      JSON.stringify({ ...seed, welcome: { ...seed.welcome, heading: 'Ours' } }),
    );
    const read = readStoredContent(stored, 1, seed);
    expect(read.fellBack).toEqual([]);
    expect(read.content.welcome.heading).toBe('Ours');
  });

  it('takes a section a later release added from the configuration, and keeps the rest', () => {
    const { teaching: _teaching, ...older } = {
      ...seed,
      welcome: { ...seed.welcome, heading: 'Ours' },
    };
    const read = readStoredContent(JSON.parse(JSON.stringify(older)), 1, seed);
    expect(read.fellBack).toEqual(['teaching']);
    expect(read.content.teaching).toEqual(seed.teaching);
    expect(read.content.welcome.heading).toBe('Ours');
  });

  it("takes a section that no longer passes today's rules from the configuration, and says so", () => {
    const stored = { ...seed, contact: { ...seed.contact, email: 'not an address' } };
    const read = readStoredContent(stored, 1, seed);
    expect(read.fellBack).toEqual(['contact']);
    expect(read.content.contact).toEqual(seed.contact);
  });

  it("runs each upgrade step from the stored release to today's, in order", () => {
    // A release 0 that called the welcome section `greeting`: its step renames it.
    const stored = { ...seed, welcome: undefined, greeting: { ...seed.welcome, heading: 'Old' } };
    const read = readStoredContent(stored, 0, seed, {
      0: ({ greeting, ...rest }) => ({ ...rest, welcome: greeting }),
    });
    expect(read.fellBack).toEqual([]);
    expect(read.content.welcome.heading).toBe('Old');
  });

  it('reads what is not a document at all as the configuration', () => {
    expect(readStoredContent(null, 1, seed).content).toEqual(seed);
  });
});
