import type { Kysely, Migration } from 'kysely';

/**
 * A per-mailbox change counter and time for the public API's conditional listing: every
 * arrival, parse, seen change and deletion bumps them in the same statement batch, so a poll
 * answers 304 from the mailbox row alone, without reading any message.
 */
export function mailboxListVersion(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('mailboxes')
        .addColumn('list_version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('mailboxes')
        .addColumn('list_changed_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
