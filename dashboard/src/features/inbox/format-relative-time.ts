export interface RelativeTimeOptions {
  /** BCP 47 language tag the time, weekday or date is written in. */
  locale: string;
  /** What a message of the last hour shows ("Now", translated). */
  nowLabel: string;
  /** For tests; the reader's own zone otherwise. */
  timeZone?: string;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a message arrived, as the inbox list shows it:
 * under an hour "Now", under 24 hours the time, under a week the weekday, else the date.
 * A time ahead of the reader's clock (skew) counts as now.
 */
export function formatRelativeTime(
  received: Date,
  now: Date,
  { locale, nowLabel, timeZone }: RelativeTimeOptions,
): string {
  const age = now.getTime() - received.getTime();
  if (age < HOUR_MS) return nowLabel;
  const zone = timeZone === undefined ? {} : { timeZone };
  if (age < 24 * HOUR_MS) {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', ...zone }).format(
      received,
    );
  }
  if (age < 168 * HOUR_MS) {
    return new Intl.DateTimeFormat(locale, { weekday: 'short', ...zone }).format(received);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...zone }).format(received);
}
