import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway schema in the test PostgreSQL, for servers started as child processes:
 * `url` points them at it (search_path), `drop()` removes it and all it holds.
 */
export async function createScopedDatabase(
  databaseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  await run(databaseUrl, `create schema ${schema}`);
  const scoped = new URL(databaseUrl);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    drop: () => run(databaseUrl, `drop schema if exists ${schema} cascade`),
  };
}
