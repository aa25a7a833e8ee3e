import type { Mailbox } from './mailbox-store.js';

/**
 * Whether a mailbox takes no more mail at `now`: its chosen end has come, or it ended with
 * its first message. An ended mailbox is still live (its mail is read until it expires); only
 * new mail is refused.
 */
export function hasEnded(mailbox: Pick<Mailbox, 'endsAt' | 'endedAt'>, now: number): boolean {
  return mailbox.endedAt !== null || (mailbox.endsAt !== null && mailbox.endsAt <= now);
}
