import type { Kysely } from 'kysely';
import type { MessageSummary } from '../../features/messages/message-types.js';
import type { DatabaseSchema } from '../schema.js';
import { summaryColumns, toSummary, touchListings } from './messages-rows.js';

/** Ids a delete statement binds at most: far below either database's bound-parameter limit. */
const IDS_PER_DELETE = 500;

/**
 * What a reader changes: seen flags and deletions, each scoped to the mailboxes the caller
 * may see, and each marking the mailbox's listing changed in the same transaction.
 */
export function createMessageChanges(db: Kysely<DatabaseSchema>) {
  return {
    async setSeen(
      id: string,
      mailboxIds: readonly string[],
      seen: boolean,
      now: number,
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

    /** Deletes those of `ids` in `mailboxIds`, all or none; returns the ones deleted. */
    async deleteMany(
      ids: readonly string[],
      mailboxIds: readonly string[],
      now: number,
    ): Promise<MessageSummary[]> {
      if (ids.length === 0 || mailboxIds.length === 0) return [];
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const deleted: MessageSummary[] = [];
        for (let start = 0; start < unique.length; start += IDS_PER_DELETE) {
          const rows = await trx
            .deleteFrom('messages')
            .where('messages.id', 'in', unique.slice(start, start + IDS_PER_DELETE))
            .where('messages.mailbox_id', 'in', mailboxIds)
            .returning(summaryColumns)
            .execute();
          deleted.push(...rows.map(toSummary));
        }
        await touchListings(
          trx,
          deleted.map((message) => message.mailboxId),
          now,
        );
        return deleted;
      });
    },
  };
}
