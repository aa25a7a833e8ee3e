import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { newId } from '../ids.js';
import { insertGroups, joinContent, splitContent } from '../split-content.js';
import type {
  AttachmentsTable,
  DatabaseSchema,
  MessageBodiesTable,
  MessagesTable,
} from '../schema.js';
import { queueDeliveries } from './forwarding.js';

export interface Address {
  name: string;
  address: string;
}

export type ParseState = Selectable<MessagesTable>['parse_state'];

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
}

export interface AttachmentMeta {
  id: string;
  filename: string;
  contentType: string;
  disposition: string;
  contentId: string | null;
  size: number;
}

export interface MessageDetail extends MessageSummary {
  cc: Address[];
  bcc: Address[];
  text: string;
  html: string;
  parseError: string | null;
  attachments: AttachmentMeta[];
}

/** What parsing a raw message produced; written in one transaction by saveParsed. */
export interface ParsedMessage {
  state: Exclude<ParseState, 'pending'>;
  msgid: string | null;
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  subject: string;
  intro: string;
  text: string;
  html: string;
  parseError: string | null;
  attachments: (Omit<AttachmentMeta, 'id' | 'size'> & { content: Uint8Array })[];
}

export interface ReceivedMessage {
  mailboxId: string;
  raw: Uint8Array;
  receivedAt: number;
}

/** One durable write of the ingest: messages received and parse results, together. */
export interface CommitBatch {
  received: readonly ReceivedMessage[];
  parsed: readonly { id: string; parsed: ParsedMessage }[];
  now: number;
}

/** The new messages' ids in order, and per parse result whether it was saved. */
export interface CommitResult {
  ids: string[];
  saved: boolean[];
}

const summaryColumns = [
  'messages.id',
  'messages.mailbox_id',
  'messages.received_at',
  'messages.size',
  'messages.parse_state',
  'messages.msgid',
  'messages.from_name',
  'messages.from_address',
  'messages.to_json',
  'messages.subject',
  'messages.intro',
  'messages.seen',
  'messages.has_attachments',
] as const;

type SummaryRow = Pick<
  Selectable<MessagesTable>,
  (typeof summaryColumns)[number] extends `messages.${infer C}` ? C & keyof MessagesTable : never
>;

function toSummary(row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    mailboxId: row.mailbox_id,
    receivedAt: row.received_at,
    size: row.size,
    parseState: row.parse_state,
    msgid: row.msgid,
    from: { name: row.from_name, address: row.from_address },
    to: JSON.parse(row.to_json) as Address[],
    subject: row.subject,
    intro: row.intro,
    seen: Boolean(row.seen),
    hasAttachments: Boolean(row.has_attachments),
  };
}

/** Two bound values a row: far below either database's limit on bound parameters. */
const SOURCE_ROWS_PER_INSERT = 500;

/** The column naming what a piece belongs to, per table of pieces (split-content.ts). */
const PIECE_OWNER = {
  message_source_chunks: 'message_id',
  attachment_chunks: 'attachment_id',
} as const;

/** Writes the pieces after a content's first, numbered from 1 (split-content.ts). */
async function insertRest(
  trx: Kysely<DatabaseSchema>,
  table: keyof typeof PIECE_OWNER,
  owner: string,
  rest: readonly Uint8Array[],
): Promise<void> {
  // One piece a statement: a statement binding several would copy them all at once.
  for (const [index, content] of rest.entries()) {
    const position = index + 1;
    await (
      table === 'message_source_chunks'
        ? trx.insertInto(table).values({ message_id: owner, position, content })
        : trx.insertInto(table).values({ attachment_id: owner, position, content })
    ).execute();
  }
}

async function insertReceived(
  trx: Kysely<DatabaseSchema>,
  batch: readonly ReceivedMessage[],
): Promise<string[]> {
  if (batch.length === 0) return [];
  const rows = batch.map((message) => ({ id: newId(message.receivedAt), ...message }));
  await trx
    .insertInto('messages')
    .values(
      rows.map((row) => ({
        id: row.id,
        mailbox_id: row.mailboxId,
        received_at: row.receivedAt,
        size: row.raw.byteLength,
        parse_state: 'pending' as const,
      })),
    )
    .execute();
  const sources = rows.map((row) => ({ id: row.id, ...splitContent(row.raw) }));
  for (const group of insertGroups(sources, SOURCE_ROWS_PER_INSERT, (s) => s.first.byteLength)) {
    await trx
      .insertInto('message_sources')
      .values(group.map((source) => ({ message_id: source.id, raw: source.first })))
      .execute();
  }
  for (const source of sources)
    await insertRest(trx, 'message_source_chunks', source.id, source.rest);
  return rows.map((row) => row.id);
}

async function writeParsed(
  trx: Kysely<DatabaseSchema>,
  items: readonly { id: string; parsed: ParsedMessage }[],
): Promise<boolean[]> {
  const saved: boolean[] = [];
  const bodies: Insertable<MessageBodiesTable>[] = [];
  const attachments: Insertable<AttachmentsTable>[] = [];
  const attachmentRests: { id: string; rest: Uint8Array[] }[] = [];
  for (const { id, parsed } of items) {
    const updated = await trx
      .updateTable('messages')
      .set({
        parse_state: parsed.state,
        msgid: parsed.msgid,
        from_name: parsed.from.name,
        from_address: parsed.from.address,
        to_json: JSON.stringify(parsed.to),
        subject: parsed.subject,
        intro: parsed.intro,
        has_attachments: parsed.attachments.length > 0 ? 1 : 0,
      })
      .where('id', '=', id)
      .where('parse_state', '=', 'pending')
      .executeTakeFirst();
    const done = updated.numUpdatedRows > 0n;
    saved.push(done);
    if (!done) continue;
    bodies.push({
      message_id: id,
      cc_json: JSON.stringify(parsed.cc),
      bcc_json: JSON.stringify(parsed.bcc),
      text: parsed.text,
      html: parsed.html,
      parse_error: parsed.parseError,
    });
    parsed.attachments.forEach((attachment, position) => {
      const { first, rest } = splitContent(attachment.content);
      const attachmentId = newId();
      attachments.push({
        id: attachmentId,
        message_id: id,
        position,
        filename: attachment.filename,
        content_type: attachment.contentType,
        disposition: attachment.disposition,
        content_id: attachment.contentId,
        size: attachment.content.byteLength,
        content: first,
      });
      if (rest.length > 0) attachmentRests.push({ id: attachmentId, rest });
    });
  }
  // One multi-row insert per table for the whole group, in groups that stay under the
  // databases' bound-parameter limits and (split-content.ts) bind little content at once.
  for (const group of insertGroups(bodies, 100, (row) => row.text.length + row.html.length)) {
    await trx.insertInto('message_bodies').values(group).execute();
  }
  for (const group of insertGroups(attachments, 50, (row) => row.content.byteLength)) {
    await trx.insertInto('attachments').values(group).execute();
  }
  for (const { id, rest } of attachmentRests) await insertRest(trx, 'attachment_chunks', id, rest);
  return saved;
}

/** The mailboxes holding these messages. */
async function mailboxesOf(
  trx: Kysely<DatabaseSchema>,
  messageIds: readonly string[],
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await trx
    .selectFrom('messages')
    .select('mailbox_id')
    .distinct()
    .where('id', 'in', messageIds)
    .execute();
  return rows.map((row) => row.mailbox_id);
}

/**
 * Marks the listings of these mailboxes changed (the public API's ETag and Last-Modified):
 * called in the same transaction as every change to what a listing shows.
 */
async function touchListings(
  trx: Kysely<DatabaseSchema>,
  mailboxIds: readonly string[],
  now: number,
): Promise<void> {
  if (mailboxIds.length === 0) return;
  await trx
    .updateTable('mailboxes')
    .set((eb) => ({
      list_version: eb('list_version', '+', 1),
      // Never backwards, even when nodes' clocks differ slightly.
      list_changed_at: sql<number>`case when ${eb.ref('list_changed_at')} > ${now} then ${eb.ref('list_changed_at')} else ${now} end`,
    }))
    .where('id', 'in', [...new Set(mailboxIds)])
    .execute();
}

/**
 * Messages, their bodies, raw sources and attachments. Every read and change of one message
 * is scoped to the mailboxes the caller may see, so an id from another mailbox is simply
 * not found.
 */
export function createMessagesRepository(db: Kysely<DatabaseSchema>) {
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
     * One durable write for the ingest's group commit: stores received raw messages (their
     * ids come back in order; listing columns stay empty until parsed) and saves parse
     * results, in a single transaction, so both share one commit.
     */
    async commitBatch(batch: CommitBatch): Promise<CommitResult> {
      if (batch.received.length === 0 && batch.parsed.length === 0) return { ids: [], saved: [] };
      return db.transaction().execute(async (trx) => {
        const ids = await insertReceived(trx, batch.received);
        const saved = await writeParsed(trx, batch.parsed);
        await touchListings(
          trx,
          [
            ...batch.received.map((message) => message.mailboxId),
            ...(await mailboxesOf(
              trx,
              batch.parsed.filter((_, index) => saved[index]).map((item) => item.id),
            )),
          ],
          batch.now,
        );
        // In the same transaction: a parsed message always has its forwarding queued.
        await queueDeliveries(
          trx,
          batch.parsed.filter((_, index) => saved[index]).map((item) => item.id),
          batch.now,
        );
        return { ids, saved };
      });
    },

    /** Stores received messages on their own; the listing changed when the last arrived. */
    async storeReceived(batch: readonly ReceivedMessage[]): Promise<string[]> {
      const now = Math.max(0, ...batch.map((message) => message.receivedAt));
      return (await this.commitBatch({ received: batch, parsed: [], now })).ids;
    },

    /**
     * Saves parse results. Only a pending message is updated, so a second parse of the same
     * message (two workers, or a retry) changes nothing; returns, per item, whether it was saved.
     */
    async saveParsed(
      items: readonly { id: string; parsed: ParsedMessage }[],
      now = Date.now(),
    ): Promise<boolean[]> {
      return (await this.commitBatch({ received: [], parsed: items, now })).saved;
    },

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
        before?: { receivedAt: number; id: string };
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
      after: { receivedAt: number; id: string },
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
        cc: JSON.parse(row.cc_json ?? '[]') as Address[],
        bcc: JSON.parse(row.bcc_json ?? '[]') as Address[],
        text: row.text ?? '',
        html: row.html ?? '',
        parseError: row.parse_error ?? null,
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
    ): Promise<(AttachmentMeta & { content: Uint8Array }) | undefined> {
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

    async setSeen(
      id: string,
      mailboxIds: readonly string[],
      seen: boolean,
      now = Date.now(),
    ): Promise<boolean> {
      if (mailboxIds.length === 0) return false;
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('messages')
          .set({ seen: seen ? 1 : 0 })
          .where('id', '=', id)
          .where('mailbox_id', 'in', mailboxIds)
          .returning('mailbox_id')
          .executeTakeFirst();
        if (row) await touchListings(trx, [row.mailbox_id], now);
        return row !== undefined;
      });
    },

    async delete(id: string, mailboxIds: readonly string[], now = Date.now()): Promise<boolean> {
      if (mailboxIds.length === 0) return false;
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('messages')
          .where('id', '=', id)
          .where('mailbox_id', 'in', mailboxIds)
          .returning('mailbox_id')
          .executeTakeFirst();
        if (row) await touchListings(trx, [row.mailbox_id], now);
        return row !== undefined;
      });
    },

    /** Deletes up to `limit` messages received before `before` (retention); returns how many. */
    async deleteReceivedBefore(before: number, limit: number, now = Date.now()): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .deleteFrom('messages')
          .where(
            'id',
            'in',
            trx.selectFrom('messages').select('id').where('received_at', '<', before).limit(limit),
          )
          .returning('mailbox_id')
          .execute();
        await touchListings(
          trx,
          rows.map((row) => row.mailbox_id),
          now,
        );
        return rows.length;
      });
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

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
