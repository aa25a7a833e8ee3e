import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { openDatabase, type Storage } from '../../src/storage/open-database.js';

/** A migrated, empty database of one kind, and how to throw it away. */
export interface TestDatabase {
  readonly storage: Storage;
  dispose(): Promise<void>;
}

export interface TestBackend {
  readonly name: 'sqlite' | 'postgres';
  open(): Promise<TestDatabase>;
}

const sqlite: TestBackend = {
  name: 'sqlite',
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-test-'));
    const storage = openDatabase({ kind: 'sqlite', file: path.join(dir, 'tempmail.db') });
    await migrateToLatest(storage);
    return {
      storage,
      async dispose() {
        await storage.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** Each open() gets its own PostgreSQL schema, so test files can run side by side. */
function postgres(url: string): TestBackend {
  return {
    name: 'postgres',
    async open() {
      const schema = `tm_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      const storage = openDatabase({ kind: 'postgres', url: scoped.toString() });
      await migrateToLatest(storage);
      return {
        storage,
        async dispose() {
          await storage.close();
          const cleaner = new pg.Client({ connectionString: url });
          await cleaner.connect();
          await cleaner.query(`drop schema ${schema} cascade`);
          await cleaner.end();
        },
      };
    },
  };
}

const postgresUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const testBackends: readonly TestBackend[] = postgresUrl
  ? [sqlite, postgres(postgresUrl)]
  : [sqlite];

export const postgresSkipReason = postgresUrl
  ? undefined
  : 'PostgreSQL suite SKIPPED: TEST_DATABASE_URL is not set (.ci/run sets it when PostgreSQL answers)';
