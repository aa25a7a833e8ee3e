import type { MessageStore } from './message-store.js';
import type {
  Attachment,
  MailboxEvent,
  MessageCursor,
  MessageDetail,
  MessageSummary,
} from './message-types.js';

export interface ListOptions {
  limit: number;
  /** Messages skipped from the newest (mail.tm's pages). */
  offset?: number;
  /** Leaves out messages still being parsed (a blank row for a moment). */
  parsedOnly?: boolean;
  /** Only messages listed after this one, by id (the `/v1` cursor). */
  before?: string;
}

export interface MessagePage {
  messages: MessageSummary[];
  /** How many the listing holds in all, with the same filters and no paging. */
  total: number;
}

export interface MessageService {
  /** Newest first, from the mailboxes the caller may see. */
  list(
    mailboxIds: readonly string[],
    options: ListOptions & { before?: undefined },
  ): Promise<MessagePage>;
  /** Undefined when `before` is not a message of these mailboxes. */
  list(mailboxIds: readonly string[], options: ListOptions): Promise<MessagePage | undefined>;
  /** What an event stream missed (a resume, a gap in delivery): see MessageStore.listSince. */
  listSince(
    mailboxIds: readonly string[],
    after: MessageCursor,
    limit: number,
  ): Promise<MessageSummary[]>;
  /** Where a message stands in arrival order (to list or wait after it); undefined when not theirs. */
  cursorOf(id: string, mailboxIds: readonly string[]): Promise<MessageCursor | undefined>;
  /**
   * One message, undefined when it is not theirs. With `markSeen`, reading marks it seen, as
   * opening it in an inbox does, and the change is announced (`/v1` and the Pro inbox); mail.tm
   * clients mark messages seen themselves.
   */
  read(
    id: string,
    mailboxIds: readonly string[],
    options?: { markSeen?: boolean },
  ): Promise<MessageDetail | undefined>;
  /** Marks a message seen or unseen and announces it; undefined when it is not theirs. */
  setSeen(
    id: string,
    mailboxIds: readonly string[],
    seen: boolean,
  ): Promise<MessageDetail | undefined>;
  /** Deletes one message and announces it; false when it is not theirs. */
  delete(id: string, mailboxIds: readonly string[]): Promise<boolean>;
  /** Deletes those of `ids` that are theirs and announces each; returns the ids deleted. */
  deleteMany(ids: readonly string[], mailboxIds: readonly string[]): Promise<string[]>;
  /** The raw source as received. */
  readSource(id: string, mailboxIds: readonly string[]): Promise<Uint8Array | undefined>;
  readAttachment(
    messageId: string,
    attachmentId: string,
    mailboxIds: readonly string[],
  ): Promise<Attachment | undefined>;
  /** Bytes a mailbox's messages take (mail.tm's `used`). */
  usedBytes(mailboxId: string): Promise<number>;
}

/**
 * Every rule about reading and changing received messages, for the three surfaces alike
 * (mail.tm, the dashboard's Pro inbox, `/v1`): each change is published on `events` once,
 * after it is stored, so every node's open streams hear of it.
 */
export function createMessageService(deps: {
  store: MessageStore;
  events: { publish(event: MailboxEvent): void };
  now: () => number;
}): MessageService {
  const { store, events, now } = deps;

  function list(
    mailboxIds: readonly string[],
    options: ListOptions & { before?: undefined },
  ): Promise<MessagePage>;
  function list(
    mailboxIds: readonly string[],
    options: ListOptions,
  ): Promise<MessagePage | undefined>;
  async function list(
    mailboxIds: readonly string[],
    options: ListOptions,
  ): Promise<MessagePage | undefined> {
    const { before, parsedOnly } = options;
    const after = before === undefined ? undefined : await store.findCursor(before, mailboxIds);
    if (before !== undefined && !after) return undefined;
    const [messages, total] = await Promise.all([
      store.list(mailboxIds, {
        limit: options.limit,
        offset: options.offset ?? 0,
        parsedOnly,
        before: after,
      }),
      store.count(mailboxIds, { parsedOnly }),
    ]);
    return { messages, total };
  }

  return {
    list,

    listSince: (mailboxIds, after, limit) => store.listSince(mailboxIds, after, limit),
    cursorOf: (id, mailboxIds) => store.findCursor(id, mailboxIds),

    async read(id, mailboxIds, options = {}) {
      const message = await store.find(id, mailboxIds);
      if (!message || !options.markSeen || message.seen) return message;
      await store.setSeen(id, mailboxIds, true, now());
      const seen = { ...message, seen: true };
      events.publish({ type: 'message.updated', mailboxId: seen.mailboxId, message: seen });
      return seen;
    },

    async setSeen(id, mailboxIds, seen) {
      if (!(await store.setSeen(id, mailboxIds, seen, now()))) return undefined;
      const message = await store.find(id, mailboxIds);
      if (!message) return undefined;
      events.publish({ type: 'message.updated', mailboxId: message.mailboxId, message });
      return message;
    },

    async delete(id, mailboxIds) {
      // Read first: the announcement carries the message as it was.
      const message = await store.find(id, mailboxIds);
      if (!message) return false;
      const deleted = await store.deleteMany([id], mailboxIds, now());
      if (deleted.length === 0) return false;
      events.publish({ type: 'message.deleted', mailboxId: message.mailboxId, message });
      return true;
    },

    async deleteMany(ids, mailboxIds) {
      const deleted = await store.deleteMany(ids, mailboxIds, now());
      for (const message of deleted) {
        events.publish({ type: 'message.deleted', mailboxId: message.mailboxId, message });
      }
      return deleted.map((message) => message.id);
    },

    readSource: (id, mailboxIds) => store.findSource(id, mailboxIds),

    readAttachment: (messageId, attachmentId, mailboxIds) =>
      store.findAttachment(messageId, attachmentId, mailboxIds),

    usedBytes: (mailboxId) => store.usedBytes(mailboxId),
  };
}
