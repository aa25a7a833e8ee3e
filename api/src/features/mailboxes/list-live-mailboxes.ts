import type { Mailbox, MailboxStore } from './mailbox-store.js';

/** A user's mailboxes that have not expired yet: what their Pro token and session read. */
export async function listLiveMailboxes(
  mailboxes: MailboxStore,
  userId: string,
  now: number,
): Promise<Mailbox[]> {
  const owned = await mailboxes.listByOwner(userId);
  return owned.filter((mailbox) => mailbox.expiresAt > now);
}
