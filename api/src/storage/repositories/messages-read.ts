import { sql, type Kysely } from 'kysely';
import type { ExtractedLink } from '../../features/extraction/extraction-types.js';
import type {
  Address,
  Attachment,
  MessageCursor,
  MessageDetail,
  MessageSummary,
  TlsSession,
} from '../../features/messages/message-types.js';
import type { DatabaseSchema } from '../schema.js';
import { joinContent } from '../split-content.js';
import { PIECE_OWNER, summaryColumns, toSummary } from './messages-rows.js';

/**
 * The queries: listings, one message with its body, raw sources and attachments, and what
 * the ingest's recovery and the jobs look up. Every read of one message is scoped to the
 * mailboxes the caller may see, so an id from another mailbox is simply not found.
 */
export function createMessageQueries(db: Kysely<DatabaseSchema>) {
  /** Listing columns of the messages in these mailboxes; callers add order and filters. */
  const summariesIn = (mailboxIds: readonly string[]) =>
    db.selectFrom('messages').select(summaryColumns).where('messages.mailbox_id', 'in', mailboxIds);

  /**
   * A stored content of `size` bytes from its first piece and, when that is not all of it,
   * the pieces after it. Those are read by a second query: if the content was deleted in
   * between, it is gone (undefined) rather than cut short.
   */
  const wholeContent = async (
    table: keyof typeof PIECE_OWNER,
    owner: string,
    first: Uint8Array,
    size: number,
  ) => {
    if (first.byteLength >= size) return first;
    const rest = await db
      .selectFrom(table)
      .select('content')
      .where(sql.ref(PIECE_OWNER[table]), '=', owner)
      .orderBy('position')
      .execute();
    const content = joinContent(
      first,
      rest.map((piece) => piece.content),
    );
    return content.byteLength === size ? content : undefined;
  };

  return {
    /**
     * Messages of the given mailboxes, newest first. `parsedOnly` leaves out messages still
     * being parsed (a blank row for a moment), as our own surfaces and event streams do.
     */
    async list(
      mailboxIds: readonly string[],
      page: {
        limit: number;
        offset: number;
        parsedOnly?: boolean;
        /** Only messages listed after this one (older, in the listing's order). */
        before?: MessageCursor;
      },
    ): Promise<MessageSummary[]> {
      if (mailboxIds.length === 0) return [];
      const { before } = page;
      const rows = await summariesIn(mailboxIds)
        .$if(page.parsedOnly === true, (query) =>
          query.where('messages.parse_state', '!=', 'pending'),
        )
        .$if(before !== undefined, (query) =>
          query.where((eb) =>
            eb.or([
              eb('messages.received_at', '<', before!.receivedAt),
              eb.and([
                eb('messages.received_at', '=', before!.receivedAt),
                eb('messages.id', '<', before!.id),
              ]),
            ]),
          ),
        )
        .orderBy('messages.received_at', 'desc')
        .orderBy('messages.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map(toSummary);
    },

    /**
     * Parsed messages of the given mailboxes that arrived after `after`, oldest first: what
     * an event stream resumed after a disconnect has missed. Messages of the very same
     * millisecond as `after` are included (ids do not order arrivals within one): a client
     * may see one of those twice, never miss one.
     */
    async listSince(
      mailboxIds: readonly string[],
      after: MessageCursor,
      limit: number,
    ): Promise<MessageSummary[]> {
      if (mailboxIds.length === 0) return [];
      const rows = await summariesIn(mailboxIds)
        .where('messages.parse_state', '!=', 'pending')
        .where((eb) =>
          eb.or([
            eb('messages.received_at', '>', after.receivedAt),
            eb.and([
              eb('messages.received_at', '=', after.receivedAt),
              eb('messages.id', '!=', after.id),
            ]),
          ]),
        )
        .orderBy('messages.received_at', 'asc')
        .orderBy('messages.id', 'asc')
        .limit(limit)
        .execute();
      return rows.map(toSummary);
    },

    async count(
      mailboxIds: readonly string[],
      options: { parsedOnly?: boolean } = {},
    ): Promise<number> {
      if (mailboxIds.length === 0) return 0;
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('mailbox_id', 'in', mailboxIds)
        .$if(options.parsedOnly === true, (query) => query.where('parse_state', '!=', 'pending'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Bytes used by a mailbox's raw messages (mail.tm's `used`). */
    async usedBytes(mailboxId: string): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
        .where('mailbox_id', '=', mailboxId)
        .executeTakeFirstOrThrow();
      return Number(row.used);
    },

    async find(id: string, mailboxIds: readonly string[]): Promise<MessageDetail | undefined> {
      if (mailboxIds.length === 0) return undefined;
      const row = await db
        .selectFrom('messages')
        .leftJoin('message_bodies', 'message_bodies.message_id', 'messages.id')
        .select(summaryColumns)
        .select([
          'message_bodies.cc_json',
          'message_bodies.bcc_json',
          'message_bodies.text',
          'message_bodies.html',
          'message_bodies.parse_error',
          'message_bodies.links_json',
          'messages.tls_json',
        ])
        .where('messages.id', '=', id)
        .where('messages.mailbox_id', 'in', mailboxIds)
        .executeTakeFirst();
      if (!row) return undefined;
      const attachments = await db
        .selectFrom('attachments')
        .select(['id', 'filename', 'content_type', 'disposition', 'content_id', 'size'])
        .where('message_id', '=', id)
        .orderBy('position')
        .execute();
      return {
        ...toSummary(row),
        tls: row.tls_json === null ? null : (JSON.parse(row.tls_json) as TlsSession),
        cc: JSON.parse(row.cc_json ?? '[]') as Address[],
        bcc: JSON.parse(row.bcc_json ?? '[]') as Address[],
        text: row.text ?? '',
        html: row.html ?? '',
        parseError: row.parse_error ?? null,
        links: JSON.parse(row.links_json ?? '[]') as ExtractedLink[],
        attachments: attachments.map((attachment) => ({
          id: attachment.id,
          filename: attachment.filename,
          contentType: attachment.content_type,
          disposition: attachment.disposition,
          contentId: attachment.content_id,
          size: attachment.size,
        })),
      };
    },

    async findSource(id: string, mailboxIds: readonly string[]): Promise<Uint8Array | undefined> {
      if (mailboxIds.length === 0) return undefined;
      const row = await db
        .selectFrom('message_sources')
        .innerJoin('messages', 'messages.id', 'message_sources.message_id')
        .select(['message_sources.raw', 'messages.size'])
        .where('messages.id', '=', id)
        .where('messages.mailbox_id', 'in', mailboxIds)
        .executeTakeFirst();
      return row && wholeContent('message_source_chunks', id, row.raw, row.size);
    },

    async findAttachment(
      messageId: string,
      attachmentId: string,
      mailboxIds: readonly string[],
    ): Promise<Attachment | undefined> {
      if (mailboxIds.length === 0) return undefined;
      const row = await db
        .selectFrom('attachments')
        .innerJoin('messages', 'messages.id', 'attachments.message_id')
        .select([
          'attachments.id',
          'attachments.filename',
          'attachments.content_type',
          'attachments.disposition',
          'attachments.content_id',
          'attachments.size',
          'attachments.content',
        ])
        .where('attachments.id', '=', attachmentId)
        .where('messages.id', '=', messageId)
        .where('messages.mailbox_id', 'in', mailboxIds)
        .executeTakeFirst();
      if (!row) return undefined;
      const content = await wholeContent('attachment_chunks', row.id, row.content, row.size);
      return (
        content && {
          id: row.id,
          filename: row.filename,
          contentType: row.content_type,
          disposition: row.disposition,
          contentId: row.content_id,
          size: row.size,
          content,
        }
      );
    },

    /** Messages committed but not parsed yet (a crash between commit and parse), oldest first. */
    async listPendingParse(limit: number): Promise<{ id: string; mailboxId: string }[]> {
      const rows = await db
        .selectFrom('messages')
        .select(['id', 'mailbox_id'])
        .where('parse_state', '=', 'pending')
        .orderBy('received_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, mailboxId: row.mailbox_id }));
    },

    /** The mailbox a message is in, for jobs that start from a message id. */
    async findCursor(
      id: string,
      mailboxIds: readonly string[],
    ): Promise<MessageCursor | undefined> {
      if (mailboxIds.length === 0) return undefined;
      const row = await db
        .selectFrom('messages')
        .select(['id', 'received_at'])
        .where('id', '=', id)
        .where('mailbox_id', 'in', mailboxIds)
        .executeTakeFirst();
      return row && { id: row.id, receivedAt: Number(row.received_at) };
    },

    async findMailboxOf(messageId: string): Promise<{ id: string; address: string } | undefined> {
      return db
        .selectFrom('messages')
        .innerJoin('mailboxes', 'mailboxes.id', 'messages.mailbox_id')
        .select(['mailboxes.id', 'mailboxes.address'])
        .where('messages.id', '=', messageId)
        .executeTakeFirst();
    },

    /** The raw source for the parser, whatever mailbox holds it. */
    async readSourceForParsing(id: string): Promise<Uint8Array | undefined> {
      const row = await db
        .selectFrom('message_sources')
        .innerJoin('messages', 'messages.id', 'message_sources.message_id')
        .select(['message_sources.raw', 'messages.size'])
        .where('messages.id', '=', id)
        .executeTakeFirst();
      return row && wholeContent('message_source_chunks', id, row.raw, row.size);
    },
  };
}
