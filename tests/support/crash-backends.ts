import { randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';

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
    const database = new BetterSqlite3(`${dataDir}/tempmail.db`, { readonly: true });
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      database.close();
    }
  },
  cleanup: async () => undefined,
};

function postgres(url: string): Backend {
  const schema = `tm_crash_${randomBytes(4).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: url });
  return {
    name: 'postgres',
    async env() {
      const client = admin();
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      return {
        DATABASE_URL: scoped.toString(),
        JWT_SECRET: 'crash-test-secret-crash-test-secret-000',
      };
    },
    check: async () => undefined,
    async cleanup() {
      const client = admin();
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends = process.env.TEST_DATABASE_URL
  ? [sqlite, postgres(process.env.TEST_DATABASE_URL)]
  : [sqlite];
