import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless the operator allows them (self-hosting): this
 * host, the private networks, link-local (cloud metadata services live there), shared and
 * reserved space, multicast. A webhook is a request our server makes on a user's behalf; to
 * any of these it would reach what only the server should.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // The unspecified address, loopback and the deprecated IPv4-compatible addresses (::a.b.c.d);
  // IPv4-mapped ones (::ffff:a.b.c.d) are checked as the IPv4 address they hold.
  ['::', 96],
  // SIIT's translated addresses (::ffff:0:a.b.c.d): IPv4 again, behind a translator.
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, v4-mapped v6 read as its v4) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why `url` cannot be a webhook, or undefined when it can: http(s) only, no credentials in
 * it, and an IP address written in it must be public unless `allowPrivate`. A host name is
 * checked when it is connected to (postWebhook), each time: what it resolves to may change.
 */
export function checkWebhookUrl(url: string, allowPrivate: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The webhook URL is not a valid URL.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return 'The webhook URL must start with https:// or http://.';
  }
  if (parsed.username || parsed.password) {
    return 'The webhook URL may not hold a user name or password.';
  }
  // Without brackets, and without the trailing dots of a fully qualified name (localhost.).
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
    return 'The webhook URL points at a private, loopback or link-local address.';
  }
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    return 'The webhook URL points at a private, loopback or link-local address.';
  }
  return undefined;
}
