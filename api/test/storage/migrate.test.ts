// Migrating while other schemas of the same PostgreSQL database are dropped: Kysely's table
// listing fails then (3F000), before anything is written, and the migration is tried again.
import type { MigrationResultSet } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDespiteDroppedSchemas } from '../../src/storage/migrate.js';

const schemaDropped = Object.assign(new Error('schema "tm_other_1" does not exist'), {
  code: '3F000',
});
const migrated: MigrationResultSet = { results: [] };

/** A migration that answers with these outcomes in turn, counting its runs. */
function scripted(...outcomes: MigrationResultSet[]) {
  const run = async () => outcomes[Math.min(run.calls++, outcomes.length - 1)]!;
  run.calls = 0;
  return run;
}

describe('migrateDespiteDroppedSchemas', () => {
  it('tries again when another schema was dropped during the listing', async () => {
    const migrate = scripted({ error: schemaDropped }, { error: schemaDropped }, migrated);
    expect(await migrateDespiteDroppedSchemas(migrate)).toBe(migrated);
    expect(migrate.calls).toBe(3);
  });

  it('gives up after five tries', async () => {
    const migrate = scripted({ error: schemaDropped });
    expect((await migrateDespiteDroppedSchemas(migrate)).error).toBe(schemaDropped);
    expect(migrate.calls).toBe(5);
  });

  it('does not try again after any other failure', async () => {
    const failed: MigrationResultSet = {
      error: Object.assign(new Error('syntax error'), { code: '42601' }),
    };
    const migrate = scripted(failed, migrated);
    expect(await migrateDespiteDroppedSchemas(migrate)).toBe(failed);
    expect(migrate.calls).toBe(1);
  });
});
