import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config.js';
import {
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  restrictPermissions,
} from '../restrict-permissions.js';
import type { DatabaseSchema } from './schema.js';

export type Dialect = DatabaseConfig['kind'];

export type Storage = {
  readonly db: Kysely<DatabaseSchema>;
  close(): Promise<void>;
} & (
  | {
      readonly dialect: 'sqlite';
      /** The database file: another thread (the ingest's writer) opens it too. */
      readonly file: string;
    }
  | { readonly dialect: 'postgres' }
);

const INT8_OID = 20;
const STATEMENT_CACHE_SIZE = 512;

/**
 * better-sqlite3 behind Kysely with prepared statements reused by SQL text: Kysely's driver
 * prepares every statement anew, which showed as 8% of the server's time under SMTP load.
 * Statements are only ever run to completion one at a time, so sharing one is safe.
 */
function withStatementCache(database: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // Most recently used last: the first entry is the one to evict.
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}

function openSqlite(file: string): Storage {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  // Made here, owner-only, before SQLite would make it 0644; its -wal and -shm take its mode.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const own of [file, `${file}-wal`, `${file}-shm`])
    restrictPermissions(own, PRIVATE_FILE_MODE);
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  // better-sqlite3's bundled SQLite pairs WAL with synchronous=NORMAL, which can lose
  // committed transactions on power loss; mail we answered 250 for must survive that.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const synchronous = database.pragma('synchronous', { simple: true });
  if (synchronous !== 2) {
    database.close();
    throw new Error(
      `SQLite refused synchronous=FULL (got ${String(synchronous)}); refusing to start`,
    );
  }
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  return { db, dialect: 'sqlite', file, close: () => db.destroy() };
}

function openPostgres(url: string): Storage {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    // Times are int8 milliseconds; read them back as numbers (safe far beyond year 275000).
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Opens the configured database. Migrations are run separately (see migrate.ts). */
export function openDatabase(config: DatabaseConfig): Storage {
  return config.kind === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url);
}
