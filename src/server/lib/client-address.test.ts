import { describe, expect, it } from 'vitest';
import { addressKey, networkKey } from './client-address';

describe('addressKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:abcd::9',
      '2001:db8:1:2::1%eth0',
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('judges an IPv4 address inside IPv6 (dual-stack sockets) as that IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts anything that is not an address as it is', () => {
    expect(addressKey('not-an-address')).toBe('not-an-address');
    expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});

describe('networkKey', () => {
  it('is the /24 of an IPv4 address and the /48 of an IPv6 one', () => {
    expect(networkKey('203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkKey('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:1:ff00::1')).toBe('2001:db8:1::/48');
  });
});
