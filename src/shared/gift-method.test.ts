import { describe, expect, it } from 'vitest';
import { offlineMethods } from './domain';
import { giftMethodLabel, isFundGrant } from './gift-method';

describe('giftMethodLabel', () => {
  it.each([
    [{ paymentMethod: 'stripe' }, 'Credit card'],
    [{ paymentMethod: 'ojc' }, 'OJC Fund charity card'],
    [{ paymentMethod: 'offline', offlineMethod: 'check', offlineReference: '1042' }, 'Cheque 1042'],
    [
      { paymentMethod: 'offline', offlineMethod: 'ojc', offlineReference: '55-1234' },
      'OJC voucher 55-1234',
    ],
    [{ paymentMethod: 'offline', offlineMethod: 'ojc' }, 'OJC Fund voucher or charity card'],
    [
      { paymentMethod: 'offline', offlineMethod: 'daf', offlineReference: 'G-77' },
      'Donor-advised fund grant G-77',
    ],
    [{ paymentMethod: 'offline', offlineMethod: 'cash' }, 'Cash'],
    [{ paymentMethod: 'offline', offlineMethod: 'zelle', offlineReference: 'ZL9' }, 'Zelle ZL9'],
    [
      { paymentMethod: 'offline', offlineMethod: 'donors-fund', offlineReference: '8812' },
      "The Donors' Fund 8812",
    ],
    [{ paymentMethod: 'offline', offlineMethod: 'matbia', offlineReference: 'M-5' }, 'Matbia M-5'],
    [{ paymentMethod: 'offline', offlineMethod: null }, 'Other'],
  ] as const)('names %j as %s', (gift, label) => {
    expect(giftMethodLabel(gift)).toBe(label);
  });

  it('names every way the office receives a gift', () => {
    for (const method of offlineMethods) {
      expect(giftMethodLabel({ paymentMethod: 'offline', offlineMethod: method })).not.toBe('');
    }
  });
});

describe('isFundGrant', () => {
  it('is a donor-advised fund grant only', () => {
    expect(isFundGrant({ paymentMethod: 'offline', offlineMethod: 'daf' })).toBe(true);
    for (const method of offlineMethods.filter((m) => m !== 'daf')) {
      expect(isFundGrant({ paymentMethod: 'offline', offlineMethod: method })).toBe(false);
    }
    expect(isFundGrant({ paymentMethod: 'stripe' })).toBe(false);
  });
});
