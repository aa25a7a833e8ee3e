import type { Attachment, MessageCursor, MessageDetail, MessageSummary } from './message-types.js';

/**
 * What the message service needs from storage (storage/repositories/messages.ts implements
 * it on SQLite and PostgreSQL). Every read and change is scoped to `mailboxIds`, the
 * mailboxes the caller may see: a message of another mailbox is simply not found. Changes
 * take `now` because they mark the mailbox's listing changed (the `/v1` ETag).
 */
export interface MessageStore {
  /** Newest first; `parsedOnly` leaves out messages still being parsed. */
  list(
    mailboxIds: readonly string[],
    page: { limit: number; offset: number; parsedOnly?: boolean; before?: MessageCursor },
  ): Promise<MessageSummary[]>;
  /**
   * Parsed messages received after `after`, oldest first; those of the very same millisecond
   * come too (ids do not order arrivals within one).
   */
  listSince(
    mailboxIds: readonly string[],
    after: MessageCursor,
    limit: number,
  ): Promise<MessageSummary[]>;
  count(mailboxIds: readonly string[], options?: { parsedOnly?: boolean }): Promise<number>;
  /** Bytes of a mailbox's raw messages. */
  usedBytes(mailboxId: string): Promise<number>;
  find(id: string, mailboxIds: readonly string[]): Promise<MessageDetail | undefined>;
  /** Where a message stands in arrival order, without reading it; undefined when not theirs. */
  findCursor(id: string, mailboxIds: readonly string[]): Promise<MessageCursor | undefined>;
  findSource(id: string, mailboxIds: readonly string[]): Promise<Uint8Array | undefined>;
  findAttachment(
    messageId: string,
    attachmentId: string,
    mailboxIds: readonly string[],
  ): Promise<Attachment | undefined>;
  /** Whether the message was found (and so set). */
  setSeen(id: string, mailboxIds: readonly string[], seen: boolean, now: number): Promise<boolean>;
  /** Deletes those of `ids` that are in `mailboxIds`, in one transaction; returns them. */
  deleteMany(
    ids: readonly string[],
    mailboxIds: readonly string[],
    now: number,
  ): Promise<MessageSummary[]>;
  /** The mailbox a message is in, whoever asks (the forwarding worker, which owns no mailbox). */
  findMailboxOf(messageId: string): Promise<{ id: string; address: string } | undefined>;
  /** Deletes up to `limit` messages received before `before` (the retention purge); how many. */
  deleteReceivedBefore(before: number, limit: number, now: number): Promise<number>;
}
