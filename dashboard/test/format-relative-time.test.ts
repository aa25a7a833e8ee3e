import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../src/features/inbox/format-relative-time.js';

const now = new Date('2026-03-12T15:30:00Z'); // a Thursday
const options = { locale: 'en-GB', nowLabel: 'Now', timeZone: 'UTC' };
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 3_600_000;

describe('formatRelativeTime', () => {
  it('says Now under an hour, and for a time ahead of the clock', () => {
    expect(formatRelativeTime(now, now, options)).toBe('Now');
    expect(formatRelativeTime(ago(HOUR - 1), now, options)).toBe('Now');
    expect(formatRelativeTime(ago(-60_000), now, options)).toBe('Now');
  });

  it('gives the time under 24 hours', () => {
    expect(formatRelativeTime(ago(HOUR), now, options)).toBe('14:30');
    expect(formatRelativeTime(ago(24 * HOUR - 1000), now, options)).toBe('15:30');
  });

  it('gives the weekday under a week', () => {
    expect(formatRelativeTime(ago(24 * HOUR), now, options)).toBe('Wed');
    expect(formatRelativeTime(ago(167 * HOUR), now, options)).toBe('Thu');
  });

  it('gives the date from a week on', () => {
    expect(formatRelativeTime(ago(168 * HOUR), now, options)).toBe('5 Mar 2026');
  });

  it('writes in the reader’s language', () => {
    const french = { ...options, locale: 'fr', nowLabel: 'Maintenant' };
    expect(formatRelativeTime(ago(30 * 60_000), now, french)).toBe('Maintenant');
    expect(formatRelativeTime(ago(48 * HOUR), now, french)).toBe('mar.');
  });
});
