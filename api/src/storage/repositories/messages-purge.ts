import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { touchListings } from './messages-rows.js';

/** Retention: messages that outlived the longest any plan keeps them. */
export function createMessagePurge(db: Kysely<DatabaseSchema>) {
  return {
    /** Deletes up to `limit` messages received before `before`; returns how many. */
    async deleteReceivedBefore(before: number, limit: number, now: number): Promise<number> {
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
  };
}
