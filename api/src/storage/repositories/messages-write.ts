import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  CommitBatch,
  CommitResult,
  ParsedMessage,
  ReceivedMessage,
} from '../../features/messages/message-types.js';
import { primaryLink } from '../../features/extraction/extract-links.js';
import { bodyText } from '../../features/messages/body-text.js';
import { newOrderedId } from '../../features/new-id.js';
import type {
  AttachmentsTable,
  DatabaseSchema,
  MailboxesTable,
  MessageBodiesTable,
} from '../schema.js';
import { insertGroups, splitContent } from '../split-content.js';
import { queueDeliveries } from './forwarding.js';
import { queueWebhookDeliveries } from './webhooks.js';
import { touchListingsQuery, type PIECE_OWNER } from './messages-rows.js';

// The ingest's write path: received raw messages and parse results, in one transaction.

/** Two bound values a row: far below either database's limit on bound parameters. */
const SOURCE_ROWS_PER_INSERT = 500;

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

/** The listing columns a parse result fills. */
function parsedColumns(parsed: ParsedMessage) {
  const link = primaryLink(parsed.links);
  return {
    parse_state: parsed.state,
    msgid: parsed.msgid,
    from_name: parsed.from.name,
    from_address: parsed.from.address,
    to_json: JSON.stringify(parsed.to),
    subject: parsed.subject,
    intro: parsed.intro,
    has_attachments: parsed.attachments.length > 0 ? 1 : 0,
    codes_json: JSON.stringify(parsed.codes),
    link_json: link ? JSON.stringify(link) : null,
  };
}

/**
 * Stores received raw messages; one parsed before its commit is stored parsed, its content
 * with it. Resolves with the new ids, in order.
 */
async function insertReceived(
  trx: Kysely<DatabaseSchema>,
  batch: readonly ReceivedMessage[],
): Promise<string[]> {
  if (batch.length === 0) return [];
  const rows = batch.map((message) => ({ id: newOrderedId(message.receivedAt), ...message }));
  await trx
    .insertInto('messages')
    .values(
      rows.map((row) => ({
        id: row.id,
        mailbox_id: row.mailboxId,
        received_at: row.receivedAt,
        size: row.raw.byteLength,
        tls_json: row.tls ? JSON.stringify(row.tls) : null,
        ...(row.parsed ? parsedColumns(row.parsed) : { parse_state: 'pending' as const }),
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
  await insertContent(
    trx,
    rows.flatMap(({ id, parsed }) => (parsed ? [{ id, parsed }] : [])),
  );
  return rows.map((row) => row.id);
}

/** Saves parse results of pending messages; per result, whether it was saved. */
async function writeParsed(
  trx: Kysely<DatabaseSchema>,
  items: readonly { id: string; parsed: ParsedMessage }[],
): Promise<boolean[]> {
  const saved: boolean[] = [];
  for (const { id, parsed } of items) {
    const updated = await trx
      .updateTable('messages')
      .set(parsedColumns(parsed))
      .where('id', '=', id)
      .where('parse_state', '=', 'pending')
      .executeTakeFirst();
    saved.push(updated.numUpdatedRows > 0n);
  }
  await insertContent(
    trx,
    items.filter((_, index) => saved[index]),
  );
  return saved;
}

/** A parsed message's bodies and attachments. */
async function insertContent(
  trx: Kysely<DatabaseSchema>,
  items: readonly { id: string; parsed: ParsedMessage }[],
): Promise<void> {
  const bodies: Insertable<MessageBodiesTable>[] = [];
  const attachments: Insertable<AttachmentsTable>[] = [];
  const attachmentRests: { id: string; rest: Uint8Array[] }[] = [];
  for (const { id, parsed } of items) {
    bodies.push({
      message_id: id,
      cc_json: JSON.stringify(parsed.cc),
      bcc_json: JSON.stringify(parsed.bcc),
      text: bodyText(parsed.text),
      html: bodyText(parsed.html),
      parse_error: parsed.parseError,
      links_json: JSON.stringify(parsed.links),
    });
    parsed.attachments.forEach((attachment, position) => {
      const { first, rest } = splitContent(attachment.content);
      const attachmentId = newOrderedId();
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
}

/** What the commit reads of the mailboxes its batch changes. */
const MAILBOX_STATE = [
  'id',
  'owner_user_id',
  'ended_at',
  'ends_at',
  'ends_after_first_message',
] as const;
type MailboxState = Pick<Selectable<MailboxesTable>, (typeof MAILBOX_STATE)[number]>;

/**
 * Per received message, whether it may be stored: not when its mailbox is gone (deleted
 * after the recipient was accepted: its copy is dropped, the message's other copies still
 * stored) or has ended, by its chosen time (as of this commit) or by an earlier message.
 * A mailbox that ends with its first message takes the first of this batch's, and is
 * marked ended in this same transaction, so no later commit stores a second one (issue 23,
 * item 5).
 *
 * `mailboxes` are read as the batch locked them (touchListings): on PostgreSQL, a commit on
 * another node that is storing a first message holds the row until it commits, and this one
 * then reads the row as that commit left it, ended. Without that lock two nodes could each
 * store "the first" message.
 */
async function admitReceived(
  trx: Kysely<DatabaseSchema>,
  batch: readonly ReceivedMessage[],
  mailboxes: readonly MailboxState[],
  now: number,
): Promise<boolean[]> {
  const receiving = new Set(batch.map((message) => message.mailboxId));
  const ended = (row: MailboxState) =>
    row.ended_at !== null || (row.ends_at !== null && row.ends_at <= now);
  const endingNow = mailboxes
    .filter((row) => receiving.has(row.id) && Boolean(row.ends_after_first_message))
    .filter((row) => !ended(row))
    .map((row) => row.id);
  // Rare: most commits hold no such mailbox, and skip the statement.
  if (endingNow.length > 0) {
    await trx
      .updateTable('mailboxes')
      .set({ ended_at: now })
      .where('id', 'in', endingNow)
      .execute();
  }
  // Each mailbox ended by this batch keeps one message: the first, which ended it.
  const firstTaken = new Set(endingNow);
  const refused = new Set([...mailboxes.filter(ended).map((row) => row.id), ...endingNow]);
  const present = new Set(mailboxes.map((row) => row.id));
  return batch.map(
    ({ mailboxId }) =>
      present.has(mailboxId) && (!refused.has(mailboxId) || firstTaken.delete(mailboxId)),
  );
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

/** The write the ingest's group commit makes (ingest/group-commit.ts). */
export function createMessageWritePath(db: Kysely<DatabaseSchema>) {
  return {
    /**
     * One durable write for the ingest's group commit: stores received messages (their ids
     * come back in order, null for one refused because its mailbox had ended), each parsed
     * if the ingest parsed it first, else pending with its listing columns empty; and saves
     * parse results of pending messages. All in a single transaction, so all share one
     * commit. Only a pending message takes a parse result, so a second parse of one message
     * (two workers, or a retry) changes nothing: `saved` says, per result, whether it was
     * saved.
     */
    async commitBatch(batch: CommitBatch): Promise<CommitResult> {
      if (batch.received.length === 0 && batch.parsed.length === 0) return { ids: [], saved: [] };
      return db.transaction().execute(async (trx) => {
        const saved = await writeParsed(trx, batch.parsed);
        const savedIds = batch.parsed.filter((_, index) => saved[index]).map((item) => item.id);
        const touched = [
          ...batch.received.map((message) => message.mailboxId),
          ...(await mailboxesOf(trx, savedIds)),
        ];
        // First, and in one statement: it locks every mailbox row the batch changes at once,
        // and reads them for admitReceived. A mailbox whose message is then refused has its
        // listing marked changed for nothing, which costs a poll one full answer.
        const mailboxes =
          touched.length === 0
            ? []
            : await touchListingsQuery(trx, touched, batch.now).returning(MAILBOX_STATE).execute();
        const admitted = await admitReceived(trx, batch.received, mailboxes, batch.now);
        const stored = batch.received.filter((_, index) => admitted[index]);
        const storedIds = await insertReceived(trx, stored);
        let next = 0;
        const ids = admitted.map((taken) => (taken ? storedIds[next++]! : null));
        // In the same transaction: a parsed message always has its forwarding and webhook
        // deliveries queued. Both belong to a user, so only an owned mailbox has any (a
        // webhook's mailbox is one its user owns, and both go with the user): a batch of
        // the free inbox's mail skips the two queries, a fifth of this thread's CPU under
        // SMTP load (read per thread, ADR 0019).
        if (mailboxes.some((mailbox) => mailbox.owner_user_id !== null)) {
          const parsedIds = [
            ...savedIds,
            ...stored.flatMap((message, index) => (message.parsed ? [storedIds[index]!] : [])),
          ];
          await queueDeliveries(trx, parsedIds, batch.now);
          await queueWebhookDeliveries(trx, parsedIds, batch.now);
        }
        return { ids, saved };
      });
    },
  };
}
