import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where the site may post webhooks. An admin types the URL, and the server posts to it: without
 * a guard, `https://169.254.169.254/…` or `https://localhost:5432` would make the server reach
 * into its own network (SSRF). So:
 *
 * - always: `https:` only;
 * - in production: every address the host resolves to must be public: no loopback, private,
 *   link-local, carrier-grade NAT, unique-local, multicast, documentation or unspecified range.
 *   An IPv6 address that carries an IPv4 address is judged as the IPv4 address it carries (see
 *   `asJudged`), and a native IPv6 address must be global unicast (2000::/3);
 * - `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK, for tests): http or https to 127.0.0.0/8 and ::1.
 *
 * The check runs when the URL is saved and again as each delivery connects (the `lookup` below
 * is handed to the HTTP request), so a name that resolved to a public address when saved and to
 * 127.0.0.1 later (DNS rebinding) is refused at the moment it matters. Both paths judge each
 * address with `isPublicAddress`.
 */

export interface AddressPolicy {
  /** Production: only public addresses. */
  publicOnly: boolean;
  allowLoopback: boolean;
}

const blockedV4 = new BlockList();
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
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

/**
 * Every public IPv6 address is global unicast (2000::/3); ::, ::1, fc00::/7, fe80::/10, fec0::/10,
 * ff00::/8 and the rest of the space are not.
 */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** Inside global unicast, what is not a public host (the embedding prefixes are judged apart). */
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  // Teredo: refused whatever it carries. The client's address is hidden (the NOT of the last 32
  // bits) behind a relay and a server (bits 32-63) that may themselves be private, the protocol
  // is retired, and no webhook receiver is reached through it.
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/**
 * NAT64's local-use prefix (RFC 8215): refused whatever it carries. It is local by definition,
 * and where the IPv4 address sits depends on the operator's prefix length (/48 to /96, RFC 6052),
 * so there is no one place to read it from.
 */
const nat64LocalUse = new BlockList();
nat64LocalUse.addSubnet('64:ff9b:1::', 48, 'ipv6');

/** The 16 bytes of an IPv6 address, or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const head = words(left);
  const tail = right === undefined ? [] : words(right);
  const all = [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

function ipv4At(bytes: number[], start: number): string {
  return bytes.slice(start, start + 4).join('.');
}

const zeros = (bytes: number[], from: number, to: number) =>
  bytes.slice(from, to).every((b) => b === 0);

/**
 * The IPv4 address an IPv6 address carries, where one is defined, or null:
 * IPv4-compatible `::a.b.c.d` (not :: or ::1), IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated
 * `::ffff:0:a.b.c.d`, NAT64's well-known prefix `64:ff9b::a.b.c.d` and 6to4 `2002:AABB:CCDD::`.
 * Read from the 16 bytes, so every spelling (hex or dotted, `::` or zeros) gives the same answer.
 */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  if (zeros(bytes, 0, 10)) {
    const marker = (bytes[10]! << 8) | bytes[11]!;
    if (marker === 0xffff) return ipv4At(bytes, 12);
    // IPv4-compatible, except :: and ::1, which are IPv6's own (unspecified, loopback).
    const unspecifiedOrLoopback = zeros(bytes, 12, 15) && bytes[15]! <= 1;
    if (marker === 0 && !unspecifiedOrLoopback) return ipv4At(bytes, 12);
  }
  if (zeros(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(bytes, 10, 12)) {
    return ipv4At(bytes, 12);
  }
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zeros(bytes, 4, 12)) return ipv4At(bytes, 12);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4At(bytes, 2);
  return null;
}

/** The address as it is judged: the IPv4 address it carries, or itself. */
function asJudged(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (isIP(address) === 4) return { address, family: 'ipv4' };
  const carried = embeddedIpv4(address);
  if (carried) return { address: carried, family: 'ipv4' };
  return { address: address.replace(/%.*$/, ''), family: 'ipv6' };
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * 127.0.0.0/8 or ::1, also as IPv4-mapped (which the system connects to over IPv4: BlockList
 * matches it against the IPv4 rule). Narrower than `asJudged` on purpose: this is the exception
 * tests get, not the guard.
 */
export function isLoopbackAddress(address: string): boolean {
  const text = address.replace(/%.*$/, '');
  const family = isIP(text);
  if (family === 0) return false;
  return loopback.check(text, family === 4 ? 'ipv4' : 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const a = asJudged(address);
  if (a.family === 'ipv4') return isIP(a.address) === 4 && !blockedV4.check(a.address, 'ipv4');
  if (isIP(a.address) !== 6) return false;
  if (nat64LocalUse.check(a.address, 'ipv6')) return false;
  return globalUnicast.check(a.address, 'ipv6') && !blockedV6.check(a.address, 'ipv6');
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
