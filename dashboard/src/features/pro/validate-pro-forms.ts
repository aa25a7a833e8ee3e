import { isEmailAddress } from '../../shared/check-email-address';

// The rules for the Pro forms, pure so they are tested without a browser. Each
// failure names its i18n key (the title and message the form shows).

/** An alias has at most this many characters. */
export const ALIAS_MAX_LENGTH = 20;

export type AliasCheck =
  | { ok: true; alias: string; domain: string }
  | { ok: false; error: 'missing' | 'invalid' | 'tooLong' };

/** The alias trimmed and lower-cased, or why it cannot be used. */
export function checkAlias(alias: string, domain: string): AliasCheck {
  const cleaned = alias.trim().toLowerCase();
  if (cleaned === '' || domain.trim() === '') return { ok: false, error: 'missing' };
  if (!/^[a-z0-9]+$/.test(cleaned)) return { ok: false, error: 'invalid' };
  if (cleaned.length > ALIAS_MAX_LENGTH) return { ok: false, error: 'tooLong' };
  return { ok: true, alias: cleaned, domain: domain.trim() };
}

/** When a new custom address ends, as the form offers it: never, after a while, or on a date. */
export type EndChoice = 'never' | 'hour' | 'day' | 'week' | 'date';

/** How long after its creation each preset ends an address. */
export const END_PRESETS_MS = {
  hour: 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
} as const;

export type EndingCheck =
  | { ok: true; endsAt: number | null }
  | { ok: false; error: 'dateMissing' | 'datePast' | 'dateAfterPro' };

/**
 * The end time a choice names (epoch ms; null for never), or why it cannot be used: the
 * server takes only a time in the future and no later than the user's Pro end. `date` is the
 * date input's value, a local time (`2026-11-22T18:30`).
 */
export function checkEnding(
  choice: EndChoice,
  date: string,
  now: number,
  proExpiresAt: number,
): EndingCheck {
  if (choice === 'never') return { ok: true, endsAt: null };
  const endsAt = choice === 'date' ? new Date(date).getTime() : now + END_PRESETS_MS[choice];
  if (Number.isNaN(endsAt)) return { ok: false, error: 'dateMissing' };
  if (endsAt <= now) return { ok: false, error: 'datePast' };
  if (endsAt > proExpiresAt) return { ok: false, error: 'dateAfterPro' };
  return { ok: true, endsAt };
}

/** A time as a date input's value: local, to the minute (`2026-11-22T18:30`). */
export function toDateInputValue(time: number): string {
  const local = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export type ForwardingCheck =
  { ok: true; email: string | null } | { ok: false; error: 'required' | 'invalid' };

/** When forwarding is on, the destination is required and must look like an address. */
export function checkForwardingEmail(email: string, enabled: boolean): ForwardingCheck {
  const cleaned = email.trim();
  if (!enabled) return { ok: true, email: cleaned === '' ? null : cleaned };
  if (cleaned === '') return { ok: false, error: 'required' };
  if (!isEmailAddress(cleaned)) return { ok: false, error: 'invalid' };
  return { ok: true, email: cleaned };
}

/**
 * The custom-address errors, from the server's status and message: taken (422
 * or "already exists"), provider busy (429 or "busy"), empty answer, else the server's own
 * message, else the generic text (undefined: the caller shows its generic key).
 */
export function customEmailErrorKey(
  status: number | undefined,
  message: string,
): 'taken' | 'busy' | 'unavailable' | 'server' | 'failed' {
  if (status === 422 || /already exists/i.test(message)) return 'taken';
  if (status === 429 || /busy/i.test(message)) return 'busy';
  if (/empty response/i.test(message)) return 'unavailable';
  return message.trim() ? 'server' : 'failed';
}
