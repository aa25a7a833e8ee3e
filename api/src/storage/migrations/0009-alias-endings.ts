import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A Pro user's custom address may end before its mailbox expires (issue 23, item 5): at a
 * chosen time (`ends_at`), or with its first message (`ends_after_first_message`), whose
 * commit sets `ended_at` in the transaction that stores it. An ended mailbox refuses mail but
 * keeps what it holds until the usual purge deletes it. The types are the ones 0001 uses on
 * both databases (SQLite keeps the boolean as 0/1), so nothing here depends on the dialect.
 */
export const aliasEndings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mailboxes').addColumn('ends_at', 'bigint').execute();
    await db.schema
      .alterTable('mailboxes')
      .addColumn('ends_after_first_message', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .execute();
    await db.schema.alterTable('mailboxes').addColumn('ended_at', 'bigint').execute();
  },
};
