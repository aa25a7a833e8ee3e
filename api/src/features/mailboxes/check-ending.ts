import type { MailboxEnding } from './mailbox-store.js';

export type EndingCheck =
  | { ok: true; ending: MailboxEnding }
  /** `message` for people; `detail` says what is wrong with `endsAt`, for programs. */
  | { ok: false; message: string; detail: string };

/**
 * The ending a Pro user asked for on a new custom address. A time must be in the future
 * (an address that never takes mail is a mistake, not a choice) and no later than their Pro's
 * end: the mailbox is deleted then whatever was asked, so a later end would be a promise
 * nobody keeps.
 */
export function checkEnding(
  requested: { endsAt?: number; endsAfterFirstMessage?: boolean },
  now: number,
  proExpiresAt: number,
): EndingCheck {
  const endsAt = requested.endsAt ?? null;
  // A date-time the contract allows that no clock shows (a leap second: 23:59:60).
  if (endsAt !== null && Number.isNaN(endsAt)) {
    return {
      ok: false,
      message: 'Invalid end: the end is not a time this server can keep.',
      detail: 'must be a time without a leap second',
    };
  }
  if (endsAt !== null && endsAt <= now) {
    return {
      ok: false,
      message: 'Invalid end: the end must be in the future.',
      detail: 'must be in the future',
    };
  }
  if (endsAt !== null && endsAt > proExpiresAt) {
    const proEnd = new Date(proExpiresAt).toISOString();
    return {
      ok: false,
      message: `Invalid end: the address cannot outlast your Pro, which ends at ${proEnd}.`,
      detail: `must be at most ${proEnd}`,
    };
  }
  return {
    ok: true,
    ending: { endsAt, endsAfterFirstMessage: requested.endsAfterFirstMessage === true },
  };
}
