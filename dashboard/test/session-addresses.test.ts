// The rules of the session's addresses on the page: which one a page opens on, which count
// as live, expiries and endings on this browser's clock, and the history's expiry times.
import { describe, expect, it } from 'vitest';
import {
  describeEnding,
  endsBeforeExpiry,
  hasEnded,
} from '../src/features/address/address-ending.js';
import { chooseShownAddress, liveAddresses } from '../src/features/address/choose-shown-address.js';
import { formatExpiryTime } from '../src/features/address/format-expiry-time.js';
import type { PageAddress } from '../src/features/address/page-address.js';
import { clockOffsetMs, toPageAddress } from '../src/features/address/to-page-address.js';

const NOW = Date.parse('2026-11-22T09:30:00Z');

const entry = (id: string, expiresAt: number): PageAddress => ({
  address: `${id}@tempmail.test`,
  expiresAt,
  account: { id, token: `token-${id}` },
});

// Newest first, as the server lists them.
const newest = entry('newest', NOW + 50 * 60_000);
const older = entry('older', NOW + 20 * 60_000);
const gone = entry('gone', NOW - 1);

describe('chooseShownAddress', () => {
  it('opens on the address this tab chose while it lives', () => {
    expect(chooseShownAddress([newest, older], 'older', NOW)).toBe(older);
  });

  it('opens on the newest live one without a choice, or when the choice has expired or is unknown', () => {
    expect(chooseShownAddress([newest, older], null, NOW)).toBe(newest);
    expect(chooseShownAddress([newest, gone], 'gone', NOW)).toBe(newest);
    expect(chooseShownAddress([gone, older], 'another-browsers', NOW)).toBe(older);
  });

  it('has none to open on when nothing lives, so a new one is made', () => {
    expect(chooseShownAddress([], null, NOW)).toBeUndefined();
    expect(chooseShownAddress([gone], 'gone', NOW)).toBeUndefined();
  });
});

describe('liveAddresses', () => {
  it('keeps the order and drops what has expired by now, the last millisecond included', () => {
    expect(liveAddresses([newest, gone, older], NOW)).toEqual([newest, older]);
    expect(liveAddresses([entry('edge', NOW)], NOW)).toEqual([]);
  });
});

describe('clockOffsetMs', () => {
  const serverNow = Date.parse('2026-11-22T09:00:00Z');

  it('is how far this browser is ahead of the server (negative: behind)', () => {
    expect(clockOffsetMs(serverNow, serverNow + 3_600_000)).toBe(3_600_000);
    expect(clockOffsetMs(serverNow, serverNow - 300_000)).toBe(-300_000);
  });

  it('is zero within an answer’s travel and a Date header’s whole seconds, or without a time', () => {
    expect(clockOffsetMs(serverNow, serverNow + 1_999)).toBe(0);
    expect(clockOffsetMs(serverNow, serverNow - 1_500)).toBe(0);
    expect(clockOffsetMs(Date.parse(''), serverNow + 3_600_000)).toBe(0);
  });
});

describe('toPageAddress', () => {
  const resource = {
    id: 'mb1',
    address: 'k7x2m9q4za@tempmail.test',
    createdAt: '2026-11-22T09:00:00.000Z',
    expiresAt: '2026-11-22T10:00:00.000Z',
    token: 'jwt',
    endsAt: null,
    endsAfterFirstMessage: false,
    ended: false,
  };

  it('keeps the mailbox id and token, and moves the expiry by the offset', () => {
    expect(toPageAddress(resource, -5_000)).toEqual({
      address: resource.address,
      expiresAt: Date.parse(resource.expiresAt) - 5_000,
      account: { id: 'mb1', token: 'jwt' },
    });
  });

  it('keeps how a custom address ends, its time moved by the offset too', () => {
    const ending = {
      endsAt: '2026-11-22T09:30:00.000Z',
      endsAfterFirstMessage: true,
      ended: false,
    };
    expect(toPageAddress({ ...resource, ...ending }, -5_000).ending).toEqual({
      endsAt: Date.parse(ending.endsAt) - 5_000,
      endsAfterFirstMessage: true,
      ended: false,
    });
    expect(
      toPageAddress({ ...resource, endsAfterFirstMessage: true, ended: true }, 0).ending,
    ).toEqual({ endsAt: null, endsAfterFirstMessage: true, ended: true });
  });
});

describe('describeEnding', () => {
  const at = (endsAt: number | null, endsAfterFirstMessage = false, ended = false) => ({
    endsAt,
    endsAfterFirstMessage,
    ended,
  });

  it('counts down to a chosen time, and says the first message where it may come first', () => {
    expect(describeEnding(at(NOW + 3_600_000), NOW)).toEqual({ key: 'endsIn', time: '1h 0m 0s' });
    expect(describeEnding(at(NOW + 61_000, true), NOW)).toEqual({
      key: 'endsInOrFirst',
      time: '1m 1s',
    });
    expect(describeEnding(at(null, true), NOW)).toEqual({ key: 'endsAfterFirst' });
  });

  it('says ended once the server said so, or the time has come by this clock', () => {
    expect(describeEnding(at(null, true, true), NOW)).toEqual({ key: 'ended' });
    expect(describeEnding(at(NOW), NOW)).toEqual({ key: 'ended' });
    expect(hasEnded(at(NOW + 1), NOW)).toBe(false);
    expect(hasEnded(at(NOW + 1), NOW + 1)).toBe(true);
  });
});

describe('endsBeforeExpiry', () => {
  const address = (endsAt: number | null, ended = false) => ({
    expiresAt: NOW + 30 * 86_400_000,
    ending: { endsAt, endsAfterFirstMessage: true, ended },
  });

  it('holds for a chosen time still to come and earlier than the expiry', () => {
    expect(endsBeforeExpiry(address(NOW + 3_600_000), NOW)).toBe(true);
  });

  it('fails with no time, a time past the expiry, an end that came, or no ending at all', () => {
    expect(endsBeforeExpiry(address(null), NOW)).toBe(false);
    expect(endsBeforeExpiry(address(NOW + 31 * 86_400_000), NOW)).toBe(false);
    expect(endsBeforeExpiry(address(NOW + 3_600_000, true), NOW)).toBe(false);
    expect(endsBeforeExpiry(address(NOW - 1), NOW)).toBe(false);
    expect(endsBeforeExpiry({ expiresAt: NOW + 60_000 }, NOW)).toBe(false);
  });
});

describe('formatExpiryTime', () => {
  // Local times, so the test holds in any time zone.
  const morning = new Date(2026, 10, 22, 9, 30).getTime();

  it('says only the time for an address that ends today', () => {
    expect(formatExpiryTime(new Date(2026, 10, 22, 10, 30).getTime(), morning, 'en')).toBe(
      '10:30 AM',
    );
    expect(formatExpiryTime(new Date(2026, 10, 22, 10, 30).getTime(), morning, 'de')).toBe('10:30');
  });

  it('adds the date for one that ends another day (a Pro address)', () => {
    expect(formatExpiryTime(new Date(2026, 11, 22, 10, 30).getTime(), morning, 'en')).toBe(
      'Dec 22, 2026, 10:30 AM',
    );
  });
});
