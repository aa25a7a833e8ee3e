// Dates on content pages come from the texts, not Intl (its first use costs a phone's page
// tens of milliseconds): they must read exactly as Intl writes them, in every language.
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../src/shared/i18n/format-calendar-date.js';
import { SUPPORTED_LANGUAGES } from '../src/shared/preferences/choose-language.js';

const localesDir = path.resolve(import.meta.dirname, '../src/shared/i18n/locales');

describe.each(SUPPORTED_LANGUAGES)('formatCalendarDate in %s', (language) => {
  it("writes every month's first, ninth and last days as Intl's long date style does", async () => {
    const texts = JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8'));
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      resources: { [language]: { translation: texts } },
    });
    const intl = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    for (const year of [2025, 2026]) {
      for (let month = 1; month <= 12; month += 1) {
        const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
        for (const day of [1, 9, last]) {
          const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(formatCalendarDate(iso, i18n.t)).toBe(intl.format(Date.UTC(year, month - 1, day)));
        }
      }
    }
  });
});
