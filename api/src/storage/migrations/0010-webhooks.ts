import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Webhooks and their delivery queue. A delivery is a row from the moment its message is
 * saved (in that same transaction) until it is delivered or given up: it outlives restarts,
 * and its id, the same on every attempt, is the receiver's idempotency key. A delivery keeps
 * no reference to its message (the message may expire first): its body is fixed at the first
 * attempt.
 */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('mailbox_id', 'text', (c) => c.references('mailboxes.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('disabled_at', 'bigint')
      .addColumn('disabled_reason', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('webhooks_user').on('webhooks').column('user_id').execute();
    await db.schema.createIndex('webhooks_mailbox').on('webhooks').column('mailbox_id').execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('webhook_id', 'text', (c) =>
        c.notNull().references('webhooks.id').onDelete('cascade'),
      )
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text')
      .addColumn('payload', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('last_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('last_duration_ms', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_log')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'created_at'])
      .execute();
  },
};
