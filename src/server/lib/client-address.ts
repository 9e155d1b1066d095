import { isIPv4, isIPv6 } from 'node:net';

/**
 * The keys a visitor's address is counted under. One household or one server gets a whole IPv6
 * /64 (often a /56 or a /48), so counting each IPv6 address on its own would give one visitor
 * 2^64 fresh counts. Every per-address limit (the rate-limit plugin's key, the contact form's
 * count, the sign-in throttle) uses `addressKey`, so they all count one visitor the same way.
 */

/** An IPv4 address as it is; an IPv6 address as its /64 (`2001:db8:1:2::/64`). */
export function addressKey(ip: string): string {
  return keyOf(ip, 4, 32);
}

/**
 * The network around the address: its /24 for IPv4, its /48 for IPv6 (one site's allocation
 * under RIPE's and ARIN's policies). Wider than `addressKey`, for limits that a visitor rotating
 * addresses inside their own allocation must not escape.
 */
export function networkKey(ip: string): string {
  return keyOf(ip, 3, 24);
}

function keyOf(ip: string, ipv6Groups: number, ipv4Bits: 24 | 32): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return ipv4Key(address, ipv4Bits);
  const groups = isIPv6(address) ? ipv6Groups16(address) : null;
  // Not an address (a test's made-up name, a Unix socket): counted as it is.
  if (!groups) return address;
  if (isMappedIPv4(groups)) {
    const v4 = groups.slice(6).flatMap((g) => [g >> 8, g & 0xff]);
    return ipv4Key(v4.join('.'), ipv4Bits);
  }
  const prefix = groups.slice(0, ipv6Groups).map((g) => g.toString(16));
  return `${prefix.join(':')}::/${ipv6Groups * 16}`;
}

function ipv4Key(address: string, bits: 24 | 32) {
  if (bits === 32) return address;
  return `${address.split('.').slice(0, 3).join('.')}.0/24`;
}

/** `::ffff:a.b.c.d`: an IPv4 visitor seen through a dual-stack socket. */
function isMappedIPv4(groups: number[]) {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
}

/** The eight 16-bit groups of a valid IPv6 address (a zone, `%eth0`, ignored). */
function ipv6Groups16(address: string): number[] | null {
  let text = address.split('%')[0]!;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, -dotted[1]!.length) + '0';
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  if (dotted) (right.length > 0 ? right : left).pop();
  const missing = 8 - tail.length - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return null;
  const groups = [...left, ...Array<number>(missing).fill(0), ...right, ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}
