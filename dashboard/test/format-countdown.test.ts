import { describe, expect, it } from 'vitest';
import { countdownUnits, formatCountdown } from '../src/features/address/format-countdown.js';
import french from '../src/shared/i18n/locales/fr.json' with { type: 'json' };
import german from '../src/shared/i18n/locales/de.json' with { type: 'json' };
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

  it('words its parts in the page’s language', async () => {
    const { default: i18next } = await import('i18next');
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'fr',
      resources: { fr: { translation: french }, de: { translation: german } },
    });
    const units = countdownUnits(i18n.t);
    expect(formatCountdown(29 * 86_400_000 + 23 * 3_600_000 + 59 * 60_000, units)).toBe(
      '29 j 23 h 59 min',
    );
    expect(formatCountdown(59 * 60_000 + 58_000, units)).toBe('59 min 58 s');
    await i18n.changeLanguage('de');
    expect(formatCountdown(59 * 60_000 + 58_000, countdownUnits(i18n.t))).toBe('59 Min. 58 Sek.');
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
