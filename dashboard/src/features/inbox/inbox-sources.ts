import {
  getProMessage,
  deleteProMessage,
  getMailboxMessage,
  getProMessageAttachment,
  getProMessageRaw,
  listAllMessages,
  listMailboxMessages,
  mailTmDeleteMessage,
  mailTmDownloadMessage,
  mailTmGetAttachment,
  mailTmUpdateMessage,
  unwrap,
  updateProMessage,
} from '@tempmail/sdk';
import { createApiClient } from '../../shared/create-api-client';
import type { MailTmAccount } from '../address/page-address';
import { newestFirst } from './filter-messages';
import {
  toInboxMessage,
  toOpenedMessage,
  type InboxMessage,
  type OpenedMessage,
} from './normalize-message';

/**
 * Where an inbox's mail comes from. A free address reads its one mailbox through the
 * mail.tm-compatible API with its bearer token; a Pro user reads all their addresses through
 * the product API with the session cookie (custom addresses have no password to log in with).
 */
export interface InboxSource {
  /** Every query of this inbox starts with this key, so one call can refresh them. */
  key: readonly unknown[];
  /** After this the inbox is closed: its token (or Pro) is gone, so nothing is asked. */
  expiresAt: number;
  list(signal: AbortSignal): Promise<InboxMessage[]>;
  /**
   * Reads a message, which marks it seen on the server. Null when the server's message is
   * one the preview cannot show ("Invalid message format"); a failed read rejects ("could
   * not be loaded").
   */
  read(id: string, signal: AbortSignal): Promise<OpenedMessage | null>;
  download(messageId: string, attachmentId: string): Promise<Blob>;
  /** Deletes a message for good; absent where the API offers no delete. */
  remove?: (id: string) => Promise<void>;
  /** Marks a message read or unread; absent where the API offers no way to. */
  setSeen?: (id: string, seen: boolean) => Promise<void>;
  /** The message as received (RFC 5322): its inline images' Content-IDs are only there. */
  readRaw?: (id: string, signal: AbortSignal) => Promise<string>;
  /** Opens the event stream that announces new mail. */
  openStream(): EventSource;
  /** What a stream frame's data changes in the list, or undefined when nothing. */
  readFrame(data: string): InboxChange | undefined;
}

/**
 * A change the event stream announced. Both streams carry the message as the list shows it,
 * so the list is changed in place rather than read again; a frame that cannot be read asks
 * for a read of the list.
 */
export type InboxChange =
  | { kind: 'message'; message: InboxMessage }
  | { kind: 'deleted'; id: string }
  | { kind: 'unknown' };

/** Sorts the list in place, newest first, and returns it. */
export const sortNewestFirst = (messages: InboxMessage[]) => messages.sort(newestFirst);

const listed = (items: readonly unknown[]) =>
  sortNewestFirst(items.flatMap((item) => toInboxMessage(item) ?? []));

function parses(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function changeOf(frame: unknown): InboxChange {
  const message = toInboxMessage(frame);
  return message ? { kind: 'message', message } : { kind: 'unknown' };
}

/** A message without the address it came to, for an inbox of one address. */
function withoutMailbox<T extends { mailbox: string }>(message: T): Omit<T, 'mailbox'> {
  const rest: Partial<T> = { ...message };
  delete rest.mailbox;
  return rest as Omit<T, 'mailbox'>;
}

/** Mercure's authorization cookie, for the hub's path only. */
function setMercureCookie(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `mercureAuthorization=${encodeURIComponent(token)}; Path=/.well-known/mercure; SameSite=Strict${secure}`;
}

/**
 * A free address's mailbox. The list and the messages come from the product API with the
 * mailbox's token (they carry the codes and links mail.tm's format has no room for; reading
 * a message marks it seen); the rest goes through mail.tm's API and its Mercure stream.
 */
export function mailTmInboxSource(account: MailTmAccount, expiresAt: number): InboxSource {
  const client = createApiClient(account.token);
  const stream = new URL('/.well-known/mercure', window.location.origin);
  stream.searchParams.set('topic', `/accounts/${account.id}`);

  return {
    key: ['mailtm', account.id],
    expiresAt,
    // One address: which one received each message goes without saying.
    list: async (signal) =>
      listed((await unwrap(listMailboxMessages({ client, signal }))).messages.map(withoutMailbox)),
    read: async (id, signal) =>
      toOpenedMessage(
        withoutMailbox(await unwrap(getMailboxMessage({ client, path: { id }, signal }))),
      ) ?? null,
    download: (id, attachmentId) =>
      unwrap(mailTmGetAttachment({ client, path: { id, attachmentId }, parseAs: 'blob' })),
    remove: async (id) => {
      await unwrap(mailTmDeleteMessage({ client, path: { id } }));
    },
    setSeen: async (id, seen) => {
      await unwrap(mailTmUpdateMessage({ client, path: { id }, body: { seen } }));
    },
    readRaw: async (id, signal) => {
      const raw = await unwrap(
        mailTmDownloadMessage({ client, path: { id }, parseAs: 'blob', signal }),
      );
      return raw.text();
    },
    openStream: () => {
      // EventSource cannot send headers. The hub also takes the token in the query, but a
      // credential in a URL ends up in logs and histories: Mercure's own cookie carries it,
      // scoped to the hub's path and never sent by another site.
      setMercureCookie(account.token);
      return new EventSource(stream.href);
    },
    // A Message frame comes for each new, updated (seen) and deleted message; the hub follows
    // them with the Account (the new `used`), which changes nothing here. A frame carries no
    // codes or link: the list keeps those it has, and reads a new message's (withChange).
    readFrame: (data) => {
      const frame = parses(data) as Record<string, unknown> | undefined;
      if (frame?.['@type'] !== 'Message') return undefined;
      if (frame.isDeleted === true && typeof frame.id === 'string') {
        return { kind: 'deleted', id: frame.id };
      }
      return changeOf(frame);
    },
  };
}

/** A Pro user's aggregated inbox, through the product API and `/api/events`. */
export function proInboxSource(userId: string, proExpiresAt: number): InboxSource {
  const client = createApiClient();
  return {
    key: ['pro', userId],
    expiresAt: proExpiresAt,
    list: async (signal) => listed((await unwrap(listAllMessages({ client, signal }))).messages),
    read: async (id, signal) =>
      toOpenedMessage(await unwrap(getProMessage({ client, path: { id }, signal }))) ?? null,
    download: (id, attachmentId) =>
      unwrap(getProMessageAttachment({ client, path: { id, attachmentId }, parseAs: 'blob' })),
    remove: async (id) => {
      await unwrap(deleteProMessage({ client, path: { id } }));
    },
    setSeen: async (id, seen) => {
      await unwrap(updateProMessage({ client, path: { id }, body: { seen } }));
    },
    readRaw: async (id, signal) => {
      const raw = await unwrap(getProMessageRaw({ client, path: { id }, parseAs: 'blob', signal }));
      return raw.text();
    },
    openStream: () => new EventSource(new URL('/api/events', window.location.origin).href),
    // A new or changed (seen) message as the list shows it, or a deleted one's id.
    readFrame: (data) => {
      const frame = parses(data) as Record<string, unknown> | undefined;
      if (frame?.isDeleted === true && typeof frame.id === 'string') {
        return { kind: 'deleted', id: frame.id };
      }
      return changeOf(frame);
    },
  };
}
