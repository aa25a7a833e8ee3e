import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../open-database.js';

/**
 * Large contents are stored in pieces. A raw source's or an attachment's first piece stays
 * in its own row (`message_sources.raw`, `attachments.content`), so the common small message
 * is still one row; the pieces after it live here. Rows written before this migration hold
 * their whole content in the first piece, which reads the same.
 */
export function contentChunks(dialect: Dialect): Migration {
  const binary = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('message_source_chunks')
        .addColumn('message_id', 'text', (c) =>
          c.notNull().references('messages.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('content', binary, (c) => c.notNull())
        .addPrimaryKeyConstraint('message_source_chunks_pk', ['message_id', 'position'])
        .execute();
      await db.schema
        .createTable('attachment_chunks')
        .addColumn('attachment_id', 'text', (c) =>
          c.notNull().references('attachments.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('content', binary, (c) => c.notNull())
        .addPrimaryKeyConstraint('attachment_chunks_pk', ['attachment_id', 'position'])
        .execute();
    },
  };
}
