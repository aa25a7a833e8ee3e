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
      const owners = [
        ['message_source_chunks', 'message_id', 'messages.id'],
        ['attachment_chunks', 'attachment_id', 'attachments.id'],
      ] as const;
      for (const [table, owner, ownerKey] of owners) {
        await db.schema
          .createTable(table)
          .addColumn(owner, 'text', (c) => c.notNull().references(ownerKey).onDelete('cascade'))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('content', binary, (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'position'])
          .execute();
      }
    },
  };
}
