import type { Kysely, Migration } from 'kysely';

/** The retention purge deletes by age across all mailboxes: without this it scans them all. */
export function messagesReceivedIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('messages_received')
        .on('messages')
        .column('received_at')
        .execute();
    },
  };
}
