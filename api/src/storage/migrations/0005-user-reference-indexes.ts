import type { Kysely, Migration } from 'kysely';

/**
 * The purge deletes abandoned anonymous users: each deleted user cascades to (or is checked
 * against) these tables by user id, which without an index means a scan of the whole table
 * per user.
 */
export function userReferenceIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('aliases_user').on('aliases').column('user_id').execute();
      await db.schema
        .createIndex('recovery_tokens_user')
        .on('recovery_tokens')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('contact_submissions_user')
        .on('contact_submissions')
        .column('user_id')
        .execute();
    },
  };
}
