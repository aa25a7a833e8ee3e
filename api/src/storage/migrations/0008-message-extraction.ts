import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What a message offers to act on, found once at parse: its one-time codes and its call to
 * act beside the listing columns (every list and live event shows them), all its links
 * beside the bodies (only a whole message shows them). Messages stored before this read as
 * having none.
 */
export const messageExtraction: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('messages')
      .addColumn('codes_json', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
      .execute();
    await db.schema.alterTable('messages').addColumn('link_json', 'text').execute();
    await db.schema
      .alterTable('message_bodies')
      .addColumn('links_json', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
      .execute();
  },
};
