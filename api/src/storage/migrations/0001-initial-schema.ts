import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../open-database.js';

export function initialSchema(dialect: Dialect): Migration {
  const binary = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  const time = 'bigint' as const;

  return {
    // Migrations see the database as it was when they were written, hence Kysely<unknown>.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text')
        .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
        .addColumn('pro_expires_at', time)
        .addColumn('custom_alias', 'text')
        .addColumn('main_mailbox_id', 'text')
        .addColumn('stripe_customer_id', 'text')
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      // Several anonymous users have no email; a purchase email belongs to one user.
      await db.schema
        .createIndex('users_email_unique')
        .on('users')
        .column('email')
        .unique()
        .where(sql.ref('email'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('users_stripe_customer')
        .on('users')
        .column('stripe_customer_id')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('mailboxes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('address', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mailboxes_owner')
        .on('mailboxes')
        .column('owner_user_id')
        .execute();
      await db.schema
        .createIndex('mailboxes_expiry')
        .on('mailboxes')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('aliases')
        .addColumn('address', 'text', (c) => c.primaryKey())
        .addColumn('mailbox_id', 'text', (c) =>
          c.notNull().references('mailboxes.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('aliases_mailbox').on('aliases').column('mailbox_id').execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('mailbox_id', 'text', (c) =>
          c.notNull().references('mailboxes.id').onDelete('cascade'),
        )
        .addColumn('received_at', time, (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('parse_state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('msgid', 'text')
        .addColumn('from_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('from_address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('to_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seen', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('has_attachments', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      // The inbox listing: one mailbox's messages, newest first.
      await db.schema
        .createIndex('messages_mailbox_received')
        .on('messages')
        .columns(['mailbox_id', 'received_at', 'id'])
        .execute();
      // Start-up recovery finds what a crash left unparsed.
      await db.schema
        .createIndex('messages_pending')
        .on('messages')
        .column('parse_state')
        .where(sql.ref('parse_state'), '=', 'pending')
        .execute();

      await db.schema
        .createTable('message_bodies')
        .addColumn('message_id', 'text', (c) =>
          c.primaryKey().references('messages.id').onDelete('cascade'),
        )
        .addColumn('cc_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('bcc_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('parse_error', 'text')
        .execute();

      // The raw source lives apart from the listing columns: listing the inbox never reads it.
      await db.schema
        .createTable('message_sources')
        .addColumn('message_id', 'text', (c) =>
          c.primaryKey().references('messages.id').onDelete('cascade'),
        )
        .addColumn('raw', binary, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('attachments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message_id', 'text', (c) =>
          c.notNull().references('messages.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('disposition', 'text', (c) => c.notNull())
        .addColumn('content_id', 'text')
        .addColumn('size', 'integer', (c) => c.notNull())
        // Last, so reading the metadata columns never loads the content.
        .addColumn('content', binary, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attachments_message')
        .on('attachments')
        .columns(['message_id', 'position'])
        .execute();

      await db.schema
        .createTable('forwarding_settings')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('email', 'text')
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('confirm_token_hash', 'text', (c) => c.unique())
        .addColumn('confirm_expires_at', time)
        .addColumn('confirmed_at', time)
        .addColumn('last_error', 'text')
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('current_period_end', time, (c) => c.notNull())
        .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_user')
        .on('subscriptions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('completed_at', time)
        .execute();
      await db.schema.createIndex('payments_user').on('payments').column('user_id').execute();

      await db.schema
        .createTable('recovery_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .addColumn('used_at', time)
        .execute();

      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('revoked_at', time)
        .execute();
      await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();

      await db.schema
        .createTable('contact_submissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', time, (c) => c.notNull())
        .execute();
    },
  };
}
