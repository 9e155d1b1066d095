import { describe, expect, it } from 'vitest';
import { isExpired, ojcChargeInput, ojcExpiryDigits } from '~/shared/schemas/ojc';
import { parseEnv } from '~/server/env';
import { createCardVault } from './card-vault';
import { addMonths } from '~/shared/schedule';
import { readReference } from './ojc-client';

const key = Buffer.alloc(32, 1);
const giftId = '6f1c2a52-3f5e-4d4b-9a55-0d2c1e3b4a5f';

describe('the card vault', () => {
  it('seals a card so that only its gift opens it, with the key that sealed it', () => {
    const vault = createCardVault(key);
    const sealed = vault.seal('9000123456784242', giftId);
    expect(sealed).not.toContain('4242');
    expect(sealed).not.toBe(vault.seal('9000123456784242', giftId));
    expect(vault.open(sealed, giftId)).toBe('9000123456784242');
    expect(() => vault.open(sealed, crypto.randomUUID())).toThrow();
    expect(() => createCardVault(Buffer.alloc(32, 2)).open(sealed, giftId)).toThrow(/unknown key/);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => vault.open(parts.join('.'), giftId)).toThrow();
    expect(() => vault.open('garbage', giftId)).toThrow(/not a sealed card/);
  });

  it('opens cards sealed with an older key after a rotation, and marks them stale', () => {
    const sealed = createCardVault(key).seal('9000123456784242', giftId);
    const rotated = createCardVault(Buffer.alloc(32, 2), [key]);
    expect(rotated.open(sealed, giftId)).toBe('9000123456784242');
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.isStale(rotated.seal('9000123456784242', giftId))).toBe(false);
  });

  it('refuses a key of another length', () => {
    expect(() => createCardVault(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});

describe('OJC settings', () => {
  const base = { OJC_USERNAME: 'u', OJC_PASSWORD: 'p', OJC_ORG_ID: 'o' };

  it('default the API address and take all three credentials or none', () => {
    expect(parseEnv({}).OJC_API_BASE).toBe('https://api.ojcfund.org:3391/api');
    expect(parseEnv({ OJC_API_BASE: 'http://127.0.0.1:9/api/' }).OJC_API_BASE).toBe(
      'http://127.0.0.1:9/api',
    );
    expect(() => parseEnv(base)).not.toThrow();
    expect(() => parseEnv({ OJC_USERNAME: 'u' })).toThrow(/OJC_USERNAME, OJC_PASSWORD, OJC_ORG_ID/);
  });

  it('check the card key is 32 bytes of base64, and old keys need a current one', () => {
    const good = Buffer.alloc(32, 9).toString('base64');
    expect(() => parseEnv({ OJC_CARD_ENCRYPTION_KEY: good })).not.toThrow();
    expect(() => parseEnv({ OJC_CARD_ENCRYPTION_KEY: 'short' })).toThrow(/OJC_CARD_ENCRYPTION_KEY/);
    expect(() =>
      parseEnv({ OJC_CARD_ENCRYPTION_KEY: good, OJC_CARD_ENCRYPTION_OLD_KEYS: `${good}, nope` }),
    ).toThrow(/OJC_CARD_ENCRYPTION_OLD_KEYS/);
    expect(() => parseEnv({ OJC_CARD_ENCRYPTION_OLD_KEYS: good })).toThrow(/current key/);
  });
});

describe('OJC answers and dates', () => {
  it('read the reference of a 200 in every shape seen', () => {
    expect(readReference('"ABC123"')).toBe('ABC123');
    expect(readReference('ABC123\n')).toBe('ABC123');
    expect(readReference('12345')).toBe('12345');
    expect(readReference('{"referenceNumber":"R9"}')).toBe('R9');
    expect(readReference('')).toBeNull();
    expect(readReference('{}')).toBeNull();
  });

  it('put each month on the same day, or the month’s last', () => {
    const jan31 = new Date('2026-01-31T15:00:00Z');
    expect(addMonths(jan31, 1).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(addMonths(jan31, 2).toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(addMonths(new Date('2027-12-15T00:00:00Z'), 1).toISOString()).toBe(
      '2028-01-15T00:00:00.000Z',
    );
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('take the expiry as MM/YY or MMYY and count a card good through its month', () => {
    expect(ojcExpiryDigits('07/29')).toBe('0729');
    expect(ojcExpiryDigits(' 0729 ')).toBe('0729');
    expect(ojcExpiryDigits('07 / 29')).toBe('0729');
    expect(ojcExpiryDigits('7/29')).toBeNull();
    expect(isExpired('0726', new Date('2026-07-31T23:00:00Z'))).toBe(false);
    expect(isExpired('0726', new Date('2026-08-01T00:00:00Z'))).toBe(true);
    const schema = ojcChargeInput(() => new Date('2026-08-01T00:00:00Z'));
    expect(schema.safeParse({ cardNumber: '9000-1234 5678-4242', expiry: '08/26' }).data).toEqual({
      cardNumber: '9000123456784242',
      expiry: '0826',
    });
    expect(schema.safeParse({ cardNumber: '9000123456784242', expiry: '07/26' }).success).toBe(
      false,
    );
  });
});
