// What a failed call says: the server's English message in English, the app's own words for
// its code, or the wait after a 429, in every other language.
import { TempMailError } from '@tempmail/sdk';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorText } from '../src/shared/api-error-text.js';
import english from '../src/shared/i18n/locales/en.json' with { type: 'json' };
import french from '../src/shared/i18n/locales/fr.json' with { type: 'json' };

const refused = (status: number, code: 'validation_failed' | 'rate_limited' | 'internal_error') =>
  new TempMailError({
    status,
    code,
    message: 'Invalid email: please enter a valid email address.',
    rateLimit: status === 429 ? { retryAfter: 3590 } : {},
  });

describe('apiErrorText', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'fr',
      resources: { en: { translation: english }, fr: { translation: french } },
    });
  });

  it('never shows the server’s English in another language', async () => {
    await i18next.changeLanguage('fr');
    const t = i18next.t;
    const words = {
      fallback: french.forwarding.errors.failed,
      codes: { validation_failed: french.forwarding.errors.invalid },
      tooMany: 'forwarding.errors.tooMany',
    };
    expect(apiErrorText(refused(400, 'validation_failed'), t, words)).toBe(
      french.forwarding.errors.invalid,
    );
    expect(apiErrorText(refused(500, 'internal_error'), t, words)).toBe(words.fallback);
    expect(apiErrorText(new Error('Failed to fetch'), t, words)).toBe(words.fallback);
    // An hour's refusal, in whole minutes, in the place's own words or the general ones.
    expect(apiErrorText(refused(429, 'rate_limited'), t, words)).toBe(
      french.forwarding.errors.tooMany.replace('{{minutes}}', '60'),
    );
    expect(apiErrorText(refused(429, 'rate_limited'), t, { fallback: 'x' })).toBe(
      french.errors.tooManyMinutes.replace('{{minutes}}', '60'),
    );
  });

  it('shows the server’s message in English, as the spec has it', async () => {
    await i18next.changeLanguage('en');
    expect(apiErrorText(refused(400, 'validation_failed'), i18next.t, { fallback: 'x' })).toBe(
      'Invalid email: please enter a valid email address.',
    );
  });
});
