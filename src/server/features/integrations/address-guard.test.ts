import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem, type Resolve } from './address-guard';

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
