import { describe, expect, it } from 'vitest';
import {
  guardedLookup,
  isLoopbackAddress,
  isPublicAddress,
  webhookUrlProblem,
  type Resolve,
} from './address-guard';

/** A DNS of the test's own: names resolve to what each test says. */
function resolver(table: Record<string, string[]>): Resolve {
  return async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const production = { publicOnly: true, allowLoopback: false };
const privateNetwork =
  'The webhook URL must point to a public internet address, not one inside a private network';

describe('webhook URL guard', () => {
  const dns = resolver({
    'hooks.zapier.com': ['54.86.9.50'],
    'rebind.example': ['127.0.0.1'],
    'split.example': ['54.86.9.51', '10.0.0.8'],
    'v6.example': ['2600:1f18::1'],
    'mapped.example': ['::ffff:192.168.0.1'],
    'metadata.example': ['169.254.169.254'],
  });

  it('takes a public https URL in production', async () => {
    expect(
      await webhookUrlProblem('https://hooks.zapier.com/hooks/catch/1/a/', production, dns),
    ).toBeNull();
    expect(await webhookUrlProblem('https://v6.example/hook', production, dns)).toBeNull();
  });

  it('refuses a name resolving to loopback, private or link-local addresses, or any mix with them', async () => {
    for (const host of ['rebind.example', 'split.example', 'mapped.example', 'metadata.example']) {
      expect(await webhookUrlProblem(`https://${host}/hook`, production, dns), host).toBe(
        privateNetwork,
      );
    }
  });

  it('refuses an unknown host and plain http', async () => {
    expect(await webhookUrlProblem('https://nowhere.example/h', production, dns)).toBe(
      'The host nowhere.example could not be found',
    );
    expect(await webhookUrlProblem('http://hooks.zapier.com/h', production, dns)).toBe(
      'The webhook URL must start with https://',
    );
  });

  it('allows http to loopback only when told to (tests), and nothing private even then', async () => {
    const tests = { publicOnly: true, allowLoopback: true };
    expect(await webhookUrlProblem('http://rebind.example:8080/h', tests, dns)).toBeNull();
    expect(await webhookUrlProblem('http://split.example/h', tests, dns)).toBe(
      'The webhook URL must start with https://',
    );
    expect(await webhookUrlProblem('https://split.example/h', tests, dns)).toBe(privateNetwork);
  });

  it('outside production checks the scheme but not the address', async () => {
    const development = { publicOnly: false, allowLoopback: false };
    expect(await webhookUrlProblem('https://split.example/h', development, dns)).toBeNull();
    expect(await webhookUrlProblem('http://rebind.example/h', development, dns)).toBe(
      'The webhook URL must start with https://',
    );
  });

  it('knows the reserved ranges', () => {
    for (const address of ['8.8.8.8', '54.86.9.50', '2600:1f18::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.9.8.7',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '100.100.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

/**
 * IPv6 addresses that carry an IPv4 address: judged as the IPv4 address they carry, in every
 * spelling, whether typed in the URL or answered by DNS; Teredo and NAT64's local-use prefix are
 * refused whatever they carry.
 */
describe('webhook URL guard: IPv4 inside IPv6', () => {
  /** Each carries a loopback, private or link-local IPv4 address. */
  const carryingPrivate = [
    // IPv4-compatible (::/96, deprecated)
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '0:0:0:0:0:0:a9fe:a9fe',
    // IPv4-mapped (::ffff:0:0/96), each spelling
    '::ffff:127.0.0.1',
    '::FFFF:7F00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:127.0.0.1',
    '::ffff:c0a8:1',
    '::ffff:169.254.169.254',
    // IPv4-translated (::ffff:0:0:0/96)
    '::ffff:0:7f00:1',
    // 6to4 (2002::/16): the IPv4 address is bits 16-47
    '2002:7f00:1::',
    '2002:7f00:0001:0:0:0:0:1',
    '2002:a00:1::1',
    '2002:a9fe:a9fe::',
    // NAT64's well-known prefix (64:ff9b::/96)
    '64:ff9b::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::c0a8:101',
  ];
  /** Refused whatever they carry (see address-guard.ts). */
  const refusedOutright = [
    // Teredo (2001::/32): server 8.8.8.8, client NOT(f7f7:f7f7) = 8.8.8.8; and client 127.0.0.1
    '2001:0:808:808::f7f7:f7f7',
    '2001:0:808:808::80ff:fffe',
    '2001::4136:e378:8000:63bf:3fff:fdd2',
    // NAT64 local-use (64:ff9b:1::/48)
    '64:ff9b:1::808:808',
    '64:ff9b:1:7f00:1::',
    // outside global unicast, documentation, benchmarking, site-local
    '3fff::1',
    '2001:2::1',
    'fec0::1',
    '5f00::1',
  ];
  const carryingPublic = [
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ];

  it('judges the IPv4 address an IPv6 address carries, in every spelling', () => {
    for (const address of [...carryingPrivate, ...refusedOutright]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of carryingPublic) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses them typed in the URL (resolved as the system resolves a literal)', async () => {
    for (const address of [...carryingPrivate, ...refusedOutright]) {
      expect(await webhookUrlProblem(`https://[${address}]/hook`, production), address).toBe(
        privateNetwork,
      );
    }
    expect(await webhookUrlProblem('https://[64:ff9b::808:808]/hook', production)).toBeNull();
  });

  it('refuses them as DNS answers, alone or among public ones', async () => {
    const table = Object.fromEntries(
      [...carryingPrivate, ...refusedOutright].map((a, i) => [`n${i}.example`, ['8.8.8.8', a]]),
    );
    const dns = resolver(table);
    for (const [host, [, address]] of Object.entries(table)) {
      expect(await webhookUrlProblem(`https://${host}/hook`, production, dns), address).toBe(
        privateNetwork,
      );
    }
  });

  it('refuses them at connect time (the lookup handed to the request)', async () => {
    const lookup = guardedLookup(production);
    for (const address of [
      '::7f00:1',
      '2002:7f00:1::',
      '::ffff:0:7f00:1',
      '2001:0:808:808::80ff:fffe',
    ]) {
      const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        lookup(address, { all: true }, (e) => resolve(e)),
      );
      expect(error?.code, address).toBe('EADDRNOTALLOWED');
    }
  });

  it('lets tests reach loopback however it is spelled, and nothing else', () => {
    for (const address of ['::1', '127.0.0.1', '::ffff:7f00:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      '::',
      '::2',
      '::7f00:1',
      '10.0.0.1',
      '::ffff:a00:1',
      '2001:0:808:808::80ff:fffe',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});

describe('delivery to a literal address', () => {
  it('is refused before connecting when the address is not allowed (a URL saved under older rules)', async () => {
    const { postWebhook } = await import('./post-webhook');
    const production = { publicOnly: true, allowLoopback: false };
    for (const url of ['https://127.0.0.1/hook', 'https://[::7f00:1]/hook', 'http://10.1.2.3/x']) {
      await expect(postWebhook(url, {}, '{}', production), url).rejects.toThrow(
        /could not be delivered/,
      );
    }
  });
});
