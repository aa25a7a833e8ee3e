import { sql } from 'kysely';
import type { Storage } from './open-database.js';

/** Resolves when the database answers a trivial query; rejects with the driver's error. */
export async function checkDatabase(storage: Pick<Storage, 'db'>): Promise<void> {
  await sql`select 1`.execute(storage.db);
}
