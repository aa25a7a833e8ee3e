import type { Mailbox, MailboxesRepository } from '../../storage/repositories/mailboxes.js';

/** A user's mailboxes that have not expired yet: what their Pro token and session read. */
export async function listLiveMailboxes(
  mailboxes: MailboxesRepository,
  userId: string,
  now: number,
): Promise<Mailbox[]> {
  const owned = await mailboxes.listByOwner(userId);
  return owned.filter((mailbox) => mailbox.expiresAt > now);
}
