import {
  Migrator,
  sql,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { Dialect, Storage } from './open-database.js';
import { initialSchema } from './migrations/0001-initial-schema.js';
import { forwardingDeliveries } from './migrations/0002-forwarding-deliveries.js';
import { messagesReceivedIndex } from './migrations/0003-messages-received-index.js';
import { mailboxListVersion } from './migrations/0004-mailbox-list-version.js';
import { userReferenceIndexes } from './migrations/0005-user-reference-indexes.js';
import { contentChunks } from './migrations/0006-content-chunks.js';
import { accountLinks } from './migrations/0007-account-links.js';
import { messageExtraction } from './migrations/0008-message-extraction.js';
import { aliasEndings } from './migrations/0009-alias-endings.js';
import { webhooks } from './migrations/0010-webhooks.js';
import { messageTls } from './migrations/0011-message-tls.js';
import { forwardingLanguage } from './migrations/0012-forwarding-language.js';
import { mailboxTokenGeneration } from './migrations/0013-mailbox-token-generation.js';

/**
 * The ordered migrations. A shipped migration is never edited: change the schema by adding
 * the next file. Each is a function of the dialect, for the few types the two databases
 * spell differently.
 */
const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-forwarding-deliveries': forwardingDeliveries,
  '0003-messages-received-index': messagesReceivedIndex,
  '0004-mailbox-list-version': mailboxListVersion,
  '0005-user-reference-indexes': userReferenceIndexes,
  '0006-content-chunks': contentChunks,
  '0007-account-links': () => accountLinks,
  '0008-message-extraction': () => messageExtraction,
  '0009-alias-endings': () => aliasEndings,
  '0010-webhooks': () => webhooks,
  '0011-message-tls': () => messageTls,
  '0012-forwarding-language': () => forwardingLanguage,
  '0013-mailbox-token-generation': () => mailboxTokenGeneration,
};

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [name, migration(this.dialect)]),
    );
  }
}

/**
 * How often a migration is tried while other schemas of the database come and go. Kysely
 * lists the tables of every schema before it migrates (`has_schema_privilege` on each), and
 * a schema dropped during that listing fails it with 3F000, "schema does not exist": with
 * schemas created and dropped in a loop beside it, 13 migrations of 40 failed so. The
 * listing comes before anything is written, and a migration on PostgreSQL is one
 * transaction, so it is simply tried again.
 */
const MIGRATION_ATTEMPTS = 5;

/** Runs `migrate` again while it fails only because another schema was dropped meanwhile. */
export async function migrateDespiteDroppedSchemas(
  migrate: () => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt += 1) {
    const run = await migrate();
    const code = (run.error as { code?: unknown } | undefined)?.code;
    if (code !== '3F000' || attempt === MIGRATION_ATTEMPTS) return run;
  }
}

/** Brings the schema up to date; throws with the failing migration's name and error. */
export async function migrateToLatest(storage: Storage): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; another schema's would make it
  // skip creating ours. Pin them to the schema this connection works in.
  const migrationTableSchema =
    storage.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(storage.db))
          .rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: storage.db,
    provider: new InCodeMigrations(storage.dialect),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrateDespiteDroppedSchemas(() => migrator.migrateToLatest());
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
