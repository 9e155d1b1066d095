import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where the site may post webhooks. An admin types the URL, and the server posts to it: without
 * a guard, `https://169.254.169.254/…` or `https://localhost:5432` would make the server reach
 * into its own network (SSRF). So:
 *
 * - always: `https:` only;
 * - in production: every address the host resolves to must be public: no loopback, private,
 *   link-local, carrier-grade NAT, unique-local, multicast, documentation or unspecified range
 *   (IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry);
 * - `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK, for tests): http or https to 127.0.0.0/8 and ::1.
 *
 * The check runs when the URL is saved and again as each delivery connects (the `lookup` below
 * is handed to the HTTP request), so a name that resolved to a public address when saved and to
 * 127.0.0.1 later (DNS rebinding) is refused at the moment it matters.
 */

export interface AddressPolicy {
  /** Production: only public addresses. */
  publicOnly: boolean;
  allowLoopback: boolean;
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it carries. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address);
  return loopback.check(a.address, a.family);
}

export function isPublicAddress(address: string): boolean {
  const a = unmapped(address);
  if (a.family === 'ipv6' && /^::ffff:/i.test(a.address)) return false;
  return !blocked.check(a.address, a.family);
}

/** Why this resolved address may not be posted to, or null when it may. */
export function addressProblem(address: string, policy: AddressPolicy): string | null {
  if (policy.allowLoopback && isLoopbackAddress(address)) return null;
  if (policy.publicOnly && !isPublicAddress(address)) {
    return 'The webhook URL must point to a public internet address, not one inside a private network';
  }
  return null;
}

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const resolveAll: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

function hostOf(url: URL) {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Why this URL may not be a webhook target, or null. Resolves the host: every address it has
 * must pass (an attacker's name may resolve to a public and a private address).
 */
export async function webhookUrlProblem(
  value: string,
  policy: AddressPolicy,
  resolve: Resolve = resolveAll,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Please enter a valid webhook URL';
  }
  if (url.username || url.password)
    return 'The webhook URL must not contain a user name or password';
  const host = hostOf(url);
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return `The host ${host} could not be found`;
  }
  if (addresses.length === 0) return `The host ${host} could not be found`;
  const allLoopback = addresses.every((a) => isLoopbackAddress(a.address));
  const insecureAllowed = policy.allowLoopback && allLoopback;
  if (url.protocol !== 'https:' && !(insecureAllowed && url.protocol === 'http:')) {
    return 'The webhook URL must start with https://';
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, policy);
    if (problem) return problem;
  }
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that refuses disallowed addresses as the connection is made.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => addressProblem(a.address, policy) !== null);
      if (refused || addresses.length === 0) {
        const failure: NodeJS.ErrnoException = new Error(
          `refused to connect to ${hostname}: not a public address`,
        );
        failure.code = 'EADDRNOTALLOWED';
        return callback(failure, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
