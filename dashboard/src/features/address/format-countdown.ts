import type { TFunction } from 'i18next';

export type CountdownUnit = 'd' | 'h' | 'm' | 's';

/** How one part reads: `2` days as `2d` in English, `2 j` in French (the `countdown` texts). */
export type CountdownUnits = (unit: CountdownUnit, value: number) => string;

/** The compact English parts, for a place with no texts at hand (and the tests). */
const ENGLISH: CountdownUnits = (unit, value) => `${value}${unit}`;

/** The parts in the app's language, from its `countdown` texts. */
export const countdownUnits =
  (t: TFunction): CountdownUnits =>
  (unit, value) =>
    t(`countdown.${unit}`, { n: value });

/**
 * The time left as the countdown shows it: days, hours and minutes, with seconds only under
 * one day (`2d 3h 4m`, `59m 59s`, `7s`; `units` words them in the page's language). Null
 * once nothing is left, for "Expired".
 */
export function formatCountdown(remainingMs: number, units = ENGLISH): string | null {
  const totalSeconds = Math.ceil(remainingMs / 1000);
  if (totalSeconds <= 0) return null;
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(units('d', days));
  if (days > 0 || hours > 0) parts.push(units('h', hours));
  if (days > 0 || hours > 0 || minutes > 0) parts.push(units('m', minutes));
  if (days === 0) parts.push(units('s', seconds));
  return parts.join(' ');
}
