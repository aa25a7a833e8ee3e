import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'vitest';
import { createScopedDatabase } from './scoped-database.js';

/** A database a crash test runs the server on, and its checks after the crash. */
export interface Backend {
  name: string;
  env(): Promise<NodeJS.ProcessEnv>;
  check(dataDir: string): Promise<void>;
  cleanup(): Promise<void>;
}

const sqlite: Backend = {
  name: 'sqlite',
  env: async () => ({}),
  async check(dataDir) {
    const database = new BetterSqlite3(path.join(dataDir, 'tempmail.db'), { readonly: true });
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      database.close();
    }
  },
  cleanup: async () => undefined,
};

function postgres(url: string): Backend {
  let database: Awaited<ReturnType<typeof createScopedDatabase>> | undefined;
  return {
    name: 'postgres',
    async env() {
      database = await createScopedDatabase(url, 'tm_crash');
      return {
        DATABASE_URL: database.url,
        JWT_SECRET: 'crash-test-secret-crash-test-secret-000',
      };
    },
    check: async () => undefined,
    cleanup: async () => database?.drop(),
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends = process.env.TEST_DATABASE_URL
  ? [sqlite, postgres(process.env.TEST_DATABASE_URL)]
  : [sqlite];

/**
 * A data folder owned by the crash test, not by a server: the restarted server reads what the
 * killed one left in it and the checks read it after both, so the test removes it last.
 */
export function createCrashDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-crash-'));
}
