import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '~/server/env';
import { parseApiBase, stripeSettings } from './stripe-client';

const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };

describe('Stripe settings', () => {
  it('are off without keys, and read the mode from the key', () => {
    expect(stripeSettings(parseEnv({}))).toBeNull();
    expect(
      stripeSettings(parseEnv({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' })),
    ).toBeNull();
    expect(stripeSettings(parseEnv(keys))).toMatchObject({ mode: 'test', endpoint: undefined });
    expect(
      stripeSettings(
        parseEnv({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }),
      )?.mode,
    ).toBe('live');
  });

  it('turn STRIPE_API_BASE into the SDK’s host, port and protocol', () => {
    expect(parseApiBase('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(parseApiBase('https://stripe.internal/')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      'STRIPE_SECRET_KEY',
    ],
    [{ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_BASE: 'ftp://x' }, 'STRIPE_API_BASE'],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:1/v1' }, 'STRIPE_API_BASE'],
    [{ DONATION_MAX_DOLLARS: '0' }, 'DONATION_MAX_DOLLARS'],
    [{ DONATION_FEE_PERCENT: '50' }, 'DONATION_FEE_PERCENT'],
  ])('refuse %j naming the setting', (source, name) => {
    try {
      parseEnv(source);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
    }
  });
});
