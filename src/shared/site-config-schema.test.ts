import { describe, expect, it } from 'vitest';
import siteConfig from '@site-config';
import { siteConfigSchema } from './site-config-schema';

describe('site configuration', () => {
  it('is valid, with the spec tiers, presets and slides', () => {
    const config = siteConfigSchema.parse(siteConfig);
    expect(config.tiers.map((t) => [t.name, t.price, t.popular])).toEqual([
      ['Spark Tier', 180, false],
      ['Flame Tier', 360, true],
      ['Beacon Tier', 820, false],
    ]);
    expect(config.tiers.map((t) => t.tagline)).toEqual([
      'Ignite Your Path',
      'Illuminate Your Purpose',
      'Radiate Divine Light',
    ]);
    expect(config.donatePresets).toEqual([36, 72, 100, 250]);
    expect(config.landingPresets.map((p) => [p.amount, p.label])).toEqual([
      [18, 'Monthly Blessing'],
      [36, 'Spiritual Partner'],
      [72, 'Weekly Prayers'],
    ]);
    expect(config.hero.map((s) => [s.buttonText, s.buttonLink])).toEqual([
      ['Support Our Mission', '/donate'],
      ['Discover Miracles', '#miracles'],
      [`Meet Rabbi ${config.rabbi.shortName}`, '#rabbi'],
    ]);
    expect(config.contact.addressLine).toBe('Monsey, NY 10952');
  });

  it('names the setting that is wrong', () => {
    const broken = {
      ...siteConfig,
      ein: '123',
      tiers: siteConfig.tiers.map((t) => ({ ...t, popular: true })),
      hero: siteConfig.hero.map((s) => ({ ...s, buttonLink: 'donate' })),
      contact: { ...siteConfig.contact, email: 'office' },
    };
    const result = siteConfigSchema.safeParse(broken);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['ein', 'contact.email', 'hero.0.buttonLink']));
    const all = siteConfigSchema.safeParse({ ...siteConfig, tiers: broken.tiers });
    expect(all.error!.issues[0]).toMatchObject({
      path: ['tiers'],
      message: 'exactly one tier is popular',
    });
  });

  it('refuses images that are not served by this site', () => {
    const result = siteConfigSchema.safeParse({
      ...siteConfig,
      rabbi: {
        ...siteConfig.rabbi,
        image: { ...siteConfig.rabbi.image, src: 'https://cdn.example/r.jpg' },
      },
    });
    expect(result.error!.issues[0]!.path.join('.')).toBe('rabbi.image.src');
  });

  it('takes the common customs for Shabbat when the location gives only the place', () => {
    const { city, latitude, longitude } = siteConfig.location;
    const config = siteConfigSchema.parse({
      ...siteConfig,
      location: { city, latitude, longitude },
    });
    expect(config.location).toEqual({
      city: 'Monsey, NY',
      latitude: 41.1112,
      longitude: -74.0685,
      israel: false,
      candleLightingMinutes: 18,
      havdalah: { degrees: 8.5 },
    });
  });

  it('names a location that cannot be right', () => {
    const result = siteConfigSchema.safeParse({
      ...siteConfig,
      location: { ...siteConfig.location, latitude: 141.1, havdalah: { minutes: 50, degrees: 8 } },
    });
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['location.latitude', 'location.havdalah']));
  });
});
