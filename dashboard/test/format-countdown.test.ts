import { describe, expect, it } from 'vitest';
import { formatCountdown } from '../src/features/address/format-countdown.js';
import { retryDelayMs } from '../src/features/address/address-timing.js';
import { FREE_ADDRESS_LIFETIME_MINUTES } from '../src/shared/product-facts.js';

const FREE_ADDRESS_LIFETIME_MS = FREE_ADDRESS_LIFETIME_MINUTES * 60_000;

describe('formatCountdown', () => {
  it('shows minutes and seconds for a new free address', () => {
    expect(formatCountdown(FREE_ADDRESS_LIFETIME_MS)).toBe('1h 0m 0s');
    expect(formatCountdown(FREE_ADDRESS_LIFETIME_MS - 1000)).toBe('59m 59s');
  });

  it('rounds a part-second up, so it never shows 0s while time is left', () => {
    expect(formatCountdown(1)).toBe('1s');
    expect(formatCountdown(59_001)).toBe('1m 0s');
  });

  it('drops seconds from one day on', () => {
    expect(formatCountdown(86_400_000)).toBe('1d 0h 0m');
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('2d 3h 4m');
    expect(formatCountdown(86_399_000)).toBe('23h 59m 59s');
  });

  it('is null at and past zero, for "Expired"', () => {
    expect(formatCountdown(0)).toBeNull();
    expect(formatCountdown(-5000)).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('doubles from one second up to ten', () => {
    expect([0, 1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
