import type { Kysely, Migration } from 'kysely';

/**
 * The language a user set forwarding up in (one of the site's), which the forwarded copies'
 * subject and note are written in. Settings saved before this read as English, the only
 * language those copies had.
 */
export const forwardingLanguage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('forwarding_settings').addColumn('language', 'text').execute();
  },
};
