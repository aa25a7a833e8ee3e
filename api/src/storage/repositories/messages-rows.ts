import { sql, type Kysely, type Selectable } from 'kysely';
import type { ExtractedCode, ExtractedLink } from '../../features/extraction/extraction-types.js';
import type { Address, MessageSummary } from '../../features/messages/message-types.js';
import type { DatabaseSchema, MessagesTable } from '../schema.js';

// What the files of the messages repository share: the listing columns and how a row of
// them reads, where the pieces of large contents are, and the listing's change marker.

export const summaryColumns = [
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
  'messages.codes_json',
  'messages.link_json',
] as const;

type SummaryRow = Pick<
  Selectable<MessagesTable>,
  (typeof summaryColumns)[number] extends `messages.${infer C}` ? C & keyof MessagesTable : never
>;

export function toSummary(row: SummaryRow): MessageSummary {
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
    codes: JSON.parse(row.codes_json) as ExtractedCode[],
    link: row.link_json === null ? null : (JSON.parse(row.link_json) as ExtractedLink),
  };
}

/** The column naming what a piece belongs to, per table of pieces (split-content.ts). */
export const PIECE_OWNER = {
  message_source_chunks: 'message_id',
  attachment_chunks: 'attachment_id',
} as const;

/**
 * Marks the listings of these mailboxes changed (the public API's ETag and Last-Modified):
 * called in the same transaction as every change to what a listing shows.
 */
export async function touchListings(
  trx: Kysely<DatabaseSchema>,
  mailboxIds: readonly string[],
  now: number,
): Promise<void> {
  if (mailboxIds.length === 0) return;
  await touchListingsQuery(trx, mailboxIds, now).execute();
}

/** touchListings' statement, for a caller that reads the rows it changes (RETURNING). */
export function touchListingsQuery(
  trx: Kysely<DatabaseSchema>,
  mailboxIds: readonly string[],
  now: number,
) {
  return trx
    .updateTable('mailboxes')
    .set((eb) => ({
      list_version: eb('list_version', '+', 1),
      // Never backwards, even when nodes' clocks differ slightly.
      list_changed_at: sql<number>`case when ${eb.ref('list_changed_at')} > ${now} then ${eb.ref('list_changed_at')} else ${now} end`,
    }))
    .where('id', 'in', [...new Set(mailboxIds)]);
}

/**
 * A time (ms) as a bound parameter where a query selects it as a value: as a literal, each
 * batch's SQL text would differ, so the ingest re-prepared two statements every commit.
 * The cast gives PostgreSQL its type (a bare parameter in a select list is text).
 */
export function boundTime(time: number) {
  return sql<number>`cast(${time} as bigint)`;
}
