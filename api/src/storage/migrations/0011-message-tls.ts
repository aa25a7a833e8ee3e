import type { Kysely, Migration } from 'kysely';

/**
 * The TLS session a message arrived over (cipher and protocol, as JSON), or null when it
 * came in clear text: mail.tm's `verifications.tls`. Messages stored before this read as
 * having come in clear text, which is what they were told then too.
 */
export const messageTls: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('messages').addColumn('tls_json', 'text').execute();
  },
};
