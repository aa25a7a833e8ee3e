import { sql, type Kysely } from 'kysely';
import type { Dialect } from './open-database.js';
import type { DatabaseSchema } from './schema.js';

/**
 * Serialises claims on one address, which may land in either `mailboxes` or `aliases`.
 * A unique index guards each table alone; across the two, PostgreSQL would let two
 * concurrent transactions each miss the other's uncommitted row. The lock is held until the
 * transaction ends. SQLite needs none: it has a single writer.
 */
export async function lockAddress(
  trx: Kysely<DatabaseSchema>,
  dialect: Dialect,
  address: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${address}))`.execute(trx);
  }
}
