import type { ExtractedCode, ExtractedLink } from '../extraction/extraction-types.js';

// What a message is to the rest of the server. Storage implements these shapes; every
// surface, the ingest and the event bus speak them.

export interface Address {
  name: string;
  address: string;
}

/** `pending` from the commit until the parse is saved; `failed` keeps the raw source readable. */
export type ParseState = 'pending' | 'parsed' | 'failed';

export interface MessageSummary {
  id: string;
  mailboxId: string;
  receivedAt: number;
  size: number;
  parseState: ParseState;
  msgid: string | null;
  from: Address;
  to: Address[];
  subject: string;
  intro: string;
  seen: boolean;
  hasAttachments: boolean;
  /** The one-time codes found at parse, likeliest first. */
  codes: ExtractedCode[];
  /** The message's call to act, found at parse. */
  link: ExtractedLink | null;
}

export interface AttachmentMeta {
  id: string;
  filename: string;
  contentType: string;
  disposition: string;
  contentId: string | null;
  size: number;
}

export type Attachment = AttachmentMeta & { content: Uint8Array };

/** The TLS session a message came over, as Node's TLS socket names it (`getCipher()`). */
export interface TlsSession {
  /** The cipher suite, as OpenSSL names it. */
  name: string;
  /** The cipher suite's IANA name. */
  standardName: string;
  /** The protocol, e.g. `TLSv1.3`. */
  version: string;
}

export interface MessageDetail extends MessageSummary {
  /** The TLS session it came over; null when it came in clear text. */
  tls: TlsSession | null;
  cc: Address[];
  bcc: Address[];
  text: string;
  html: string;
  parseError: string | null;
  /** Every link, the call to act first. */
  links: ExtractedLink[];
  attachments: AttachmentMeta[];
}

/** Where a listing resumes: the messages after this one in newest-first order. */
export interface MessageCursor {
  receivedAt: number;
  id: string;
}

/** What happens to a mailbox, as every node's subscribers (SSE streams) hear of it. */
export type MailboxEvent =
  | { type: 'message.received'; mailboxId: string; message: MessageSummary }
  | { type: 'message.updated'; mailboxId: string; message: MessageSummary }
  | { type: 'message.deleted'; mailboxId: string; message: MessageSummary };

/**
 * A decoded body (text or HTML): a string, or its UTF-8 bytes when a parser thread sends a
 * long one on to storage (parse-worker.ts); `bodyText` reads either.
 */
export type Body = string | Uint8Array;

/** What parsing a raw message produced; saved with the ingest's next commit. */
export interface ParsedMessage {
  state: Exclude<ParseState, 'pending'>;
  msgid: string | null;
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  subject: string;
  intro: string;
  text: Body;
  html: Body;
  parseError: string | null;
  codes: ExtractedCode[];
  /** The call to act first (`primary`), then the others in the order they stand. */
  links: ExtractedLink[];
  attachments: (Omit<AttachmentMeta, 'id' | 'size'> & { content: Uint8Array })[];
}

export interface ReceivedMessage {
  mailboxId: string;
  raw: Uint8Array;
  receivedAt: number;
  /** The TLS session it came over, if any. */
  tls?: TlsSession;
  /**
   * Given when the message was parsed before its commit (the ingest does so for all but
   * large messages): it is stored parsed, in one write. Else it is stored pending.
   */
  parsed?: ParsedMessage;
}

/** One durable write of the ingest: messages received and parse results, together. */
export interface CommitBatch {
  received: readonly ReceivedMessage[];
  parsed: readonly { id: string; parsed: ParsedMessage }[];
  now: number;
}

/**
 * The new messages' ids in order, and per parse result whether it was saved. A received
 * message's id is null when it was not stored because its mailbox had ended (see hasEnded):
 * its end time had come by the commit, or an earlier message ended it.
 */
export interface CommitResult {
  ids: (string | null)[];
  saved: boolean[];
}
