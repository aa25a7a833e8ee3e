import { isIPv6 } from 'node:net';

/** The first four groups of an IPv6 address, written out: its /64 prefix. */
function prefix64(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * The client a per-IP limit counts: its IPv4 address, or the /64 its IPv6 address is in,
 * since one IPv6 subscriber is routinely given a whole /64 (RFC 6177) and could otherwise
 * take a fresh count from each of its addresses. `request.ip` is the peer's address, or the
 * client a proxy listed in TRUSTED_PROXIES names in X-Forwarded-For (build-app.ts).
 */
export function clientAddress(request: { readonly ip?: string | undefined }): string {
  const ip = (request.ip ?? 'unknown').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return isIPv6(ip) ? prefix64(ip) : ip;
}
