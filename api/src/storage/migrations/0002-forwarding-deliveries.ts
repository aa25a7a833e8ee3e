import { sql, type Kysely, type Migration } from 'kysely';

/** Forwarding: one row per message and destination, so each is forwarded at most once. */
export function forwardingDeliveries(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('forwarding_deliveries')
        .addColumn('message_id', 'text', (c) =>
          c.notNull().references('messages.id').onDelete('cascade'),
        )
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addPrimaryKeyConstraint('forwarding_deliveries_pk', ['message_id', 'destination'])
        .execute();
      await db.schema
        .createIndex('forwarding_deliveries_due')
        .on('forwarding_deliveries')
        .columns(['status', 'next_attempt_at'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .createIndex('forwarding_deliveries_user_sent')
        .on('forwarding_deliveries')
        .columns(['user_id', 'sent_at'])
        .execute();
    },
  };
}
