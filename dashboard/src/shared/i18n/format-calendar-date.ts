import type { TFunction } from 'i18next';

/**
 * A calendar date (`YYYY-MM-DD`) written out in the page's language, as
 * Intl.DateTimeFormat's `dateStyle: 'long'` writes it: "November 27, 2026", "27 novembre
 * 2026", "27. November 2026", "27 de noviembre de 2026". From the texts (`dates.*`) rather
 * than Intl, because the first DateTimeFormat a page builds loads ICU's date data: 33-80 ms
 * of Chromium's main thread on this project's host, four times that on Lighthouse's phone,
 * in the hydration of every content page that shows a date. dashboard/test/
 * format-calendar-date.test.ts holds the texts equal to Intl's for every language and month.
 */
export function formatCalendarDate(isoDate: string, t: TFunction): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return t('dates.long', { year, month: t(`dates.months.${month - 1}`), day });
}
