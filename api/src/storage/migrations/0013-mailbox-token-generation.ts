import type { Kysely, Migration } from 'kysely';

/**
 * A mailbox's token generation: its tokens carry the generation they were issued in, and
 * only the current one's are taken. Signing out everywhere moves every mailbox of the
 * account on to the next. Every mailbox starts at 0, which tokens without one carry.
 */
export const mailboxTokenGeneration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('mailboxes')
      .addColumn('token_generation', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};
