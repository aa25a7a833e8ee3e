// The address a per-IP limit counts: IPv4 as it is, an IPv6 client by its /64 (one subscriber
// routinely holds a whole /64, so counting single addresses would give it endless budgets).
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/http/client-address.js';

const from = (ip: string | undefined) => clientAddress({ ip } as Request);

describe('clientAddress', () => {
  it('keeps IPv4, also when mapped into IPv6', () => {
    expect(from('203.0.113.7')).toBe('203.0.113.7');
    expect(from('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(from('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', () => {
    const prefix = '2001:db8:85a3:1::/64';
    expect(from('2001:db8:85a3:1::1')).toBe(prefix);
    expect(from('2001:0db8:85a3:0001:ffff:ffff:ffff:fffe')).toBe(prefix);
    expect(from('2001:db8:85a3:1:abcd::9%eth0')).toBe(prefix);
    expect(from('2001:db8:85a3:2::1')).toBe('2001:db8:85a3:2::/64');
    expect(from('::1')).toBe('0:0:0:0::/64');
    expect(from('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('names a request without a peer address', () => {
    expect(from(undefined)).toBe('unknown');
  });
});
