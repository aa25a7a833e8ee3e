import { describe, expect, it } from 'vitest';
import { isProUser } from '../src/features/account/pro-status.js';
import {
  checkAlias,
  checkEnding,
  checkForwardingEmail,
  customEmailErrorKey,
  toDateInputValue,
} from '../src/features/pro/validate-pro-forms.js';
import { shortSessionId } from '../src/features/upgrade/success-polling.js';
import { SUPPORTED_LANGUAGES } from '../src/shared/preferences/choose-language.js';
import { formatPrice, PLAN_PRICES, PRICE_CURRENCY } from '../src/shared/product-facts.js';

const NOW = Date.parse('2026-11-22T09:00:00Z');

describe('isProUser', () => {
  it('is Pro only while isPro is set and the expiry is ahead', () => {
    expect(isProUser({ isPro: true, proExpiresAt: '2026-11-23T09:00:00Z' }, NOW)).toBe(true);
    expect(isProUser({ isPro: true, proExpiresAt: '2026-11-22T08:59:59Z' }, NOW)).toBe(false);
    expect(isProUser({ isPro: false, proExpiresAt: '2026-11-23T09:00:00Z' }, NOW)).toBe(false);
    expect(isProUser({ isPro: true, proExpiresAt: null }, NOW)).toBe(false);
    expect(isProUser(undefined, NOW)).toBe(false);
  });
});

describe('checkEnding', () => {
  const HOUR = 3_600_000;
  const proEnd = NOW + 24 * HOUR;

  it('names the end of each choice, never included', () => {
    expect(checkEnding('never', '', NOW, proEnd)).toEqual({ ok: true, endsAt: null });
    expect(checkEnding('hour', '', NOW, proEnd)).toEqual({ ok: true, endsAt: NOW + HOUR });
    expect(checkEnding('day', '', NOW, proEnd)).toEqual({ ok: true, endsAt: NOW + 24 * HOUR });
    const date = toDateInputValue(NOW + 5 * HOUR);
    expect(checkEnding('date', date, NOW, proEnd)).toEqual({ ok: true, endsAt: NOW + 5 * HOUR });
  });

  it('refuses what the server would: no date, a past one, or one after Pro ends', () => {
    expect(checkEnding('date', '', NOW, proEnd)).toEqual({ ok: false, error: 'dateMissing' });
    expect(checkEnding('date', toDateInputValue(NOW), NOW, proEnd)).toEqual({
      ok: false,
      error: 'datePast',
    });
    expect(checkEnding('week', '', NOW, proEnd)).toEqual({ ok: false, error: 'dateAfterPro' });
    expect(checkEnding('date', toDateInputValue(proEnd + 60_000), NOW, proEnd)).toEqual({
      ok: false,
      error: 'dateAfterPro',
    });
  });
});

describe('checkAlias', () => {
  it('trims and lower-cases a valid alias', () => {
    expect(checkAlias('  JaneShop7 ', 'tempmail.test')).toEqual({
      ok: true,
      alias: 'janeshop7',
      domain: 'tempmail.test',
    });
  });

  it('names what is wrong', () => {
    expect(checkAlias('', 'tempmail.test')).toEqual({ ok: false, error: 'missing' });
    expect(checkAlias('jane', '')).toEqual({ ok: false, error: 'missing' });
    expect(checkAlias('jane.doe', 'tempmail.test')).toEqual({ ok: false, error: 'invalid' });
    expect(checkAlias('jäne', 'tempmail.test')).toEqual({ ok: false, error: 'invalid' });
    expect(checkAlias('a'.repeat(20), 'tempmail.test').ok).toBe(true);
    expect(checkAlias('a'.repeat(21), 'tempmail.test')).toEqual({ ok: false, error: 'tooLong' });
  });
});

describe('checkForwardingEmail', () => {
  it('needs an address only when forwarding is on', () => {
    expect(checkForwardingEmail('', false)).toEqual({ ok: true, email: null });
    expect(checkForwardingEmail('  ', true)).toEqual({ ok: false, error: 'required' });
    expect(checkForwardingEmail('jane@', true)).toEqual({ ok: false, error: 'invalid' });
    expect(checkForwardingEmail('jane doe@example.com', true)).toEqual({
      ok: false,
      error: 'invalid',
    });
    expect(checkForwardingEmail(' jane@example.org ', true)).toEqual({
      ok: true,
      email: 'jane@example.org',
    });
  });
});

describe('customEmailErrorKey', () => {
  it('maps status and message to the spec texts', () => {
    expect(customEmailErrorKey(422, 'whatever')).toBe('taken');
    expect(customEmailErrorKey(400, 'Address already exists')).toBe('taken');
    expect(customEmailErrorKey(429, '')).toBe('busy');
    expect(customEmailErrorKey(503, 'Provider busy')).toBe('busy');
    expect(customEmailErrorKey(500, 'Empty response')).toBe('unavailable');
    expect(customEmailErrorKey(400, 'x.test is not one of our domains.')).toBe('server');
    expect(customEmailErrorKey(undefined, '')).toBe('failed');
  });
});

describe('the payment pages and prices', () => {
  it('shows the last 8 characters of the checkout session', () => {
    expect(shortSessionId('65f1c0ffee0ddba11c0ffee3')).toBe('1c0ffee3');
  });

  it("writes that currency in each language's own way", () => {
    const price = (amount: number, language: string) =>
      formatPrice(amount, language).replace(/\s/g, ' ');
    expect(price(3, 'en')).toBe('$3');
    expect(price(1, 'es')).toBe('1 US$');
    expect(price(3, 'fr')).toBe('3 $US');
    expect(price(1, 'de')).toBe('1 $');
  });

  it('writes each price as Intl.NumberFormat does, for every language', () => {
    for (const amount of Object.values(PLAN_PRICES)) {
      expect(Number.isInteger(amount) && amount >= 0 && amount < 1000).toBe(true);
    }
    for (const language of SUPPORTED_LANGUAGES) {
      const intl = new Intl.NumberFormat(language === 'en' ? 'en-US' : language, {
        style: 'currency',
        currency: PRICE_CURRENCY,
        maximumFractionDigits: 0,
      });
      for (const amount of [0, 1, 3, 9, 42, 999]) {
        expect(formatPrice(amount, language)).toBe(intl.format(amount));
      }
    }
  });
});
