// Durable message inserts per second by batch size (the group commit the SMTP layer relies
// on), and inbox listing speed, on SQLite (synchronous=FULL) and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, PostgreSQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createRepositories,
  migrateToLatest,
  openDatabase,
  type Storage,
} from '@tempmail/api/storage';
import { sql } from 'kysely';
import pg from 'pg';

const MESSAGES_PER_RUN = 2_000;
const BATCH_SIZES = [1, 10, 100];
const LIST_SECONDS = 2;

/** A 2 KB verification mail, the common case. */
function verificationMail(n: number): Uint8Array {
  const body = `Your verification code is ${100000 + n}.\r\n`.padEnd(1_700, '.');
  return Buffer.from(
    `From: Shop <no-reply@shop.example>\r\nTo: bench@tempmail.test\r\nSubject: Code ${n}\r\n` +
      `Message-ID: <${n}@shop.example>\r\nDate: Sun, 22 Nov 2026 09:00:00 +0000\r\n\r\n${body}\r\n`,
  );
}

interface Backend {
  name: string;
  open(): Promise<{ storage: Storage; dispose(): Promise<void> }>;
}

const sqlite: Backend = {
  name: 'sqlite',
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-bench-'));
    const storage = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
    return {
      storage,
      async dispose() {
        await storage.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgres(url: string): Backend {
  return {
    name: 'postgres',
    async open() {
      const schema = `tm_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      const storage = openDatabase({ kind: 'postgres', url: scoped.toString() });
      return {
        storage,
        async dispose() {
          await storage.close();
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        },
      };
    },
  };
}

async function measure(backend: Backend) {
  const { storage, dispose } = await backend.open();
  try {
    await migrateToLatest(storage);
    const repos = createRepositories(storage);
    const now = Date.now();
    const mailbox = await repos.mailboxes.create({
      address: `bench-${randomBytes(3).toString('hex')}@tempmail.test`,
      passwordHash: 'x',
      ownerUserId: null,
      now,
      expiresAt: now + 3_600_000,
    });
    const insertsPerSecond: Record<string, number> = {};
    for (const batchSize of BATCH_SIZES) {
      const started = process.hrtime.bigint();
      for (let sent = 0; sent < MESSAGES_PER_RUN; sent += batchSize) {
        const batch = Array.from({ length: batchSize }, (_, i) => ({
          mailboxId: mailbox.id,
          raw: verificationMail(sent + i),
          receivedAt: Date.now(),
        }));
        await repos.messages.commitBatch({ received: batch, parsed: [], now: Date.now() });
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      insertsPerSecond[`batch${batchSize}`] = Math.round(MESSAGES_PER_RUN / seconds);
      console.log(
        `${backend.name.padEnd(9)} insert, batches of ${String(batchSize).padStart(3)}: ${insertsPerSecond[`batch${batchSize}`]} messages/s`,
      );
    }
    // A live database has statistics (autovacuum, or SQLite's optimize); a fresh one would
    // make the planner guess, and the listing figure would measure that guess.
    await sql`analyze`.execute(storage.db);
    let lists = 0;
    const until = Date.now() + LIST_SECONDS * 1000;
    while (Date.now() < until) {
      await repos.messages.list([mailbox.id], { limit: 30, offset: 0 });
      lists += 1;
    }
    const listsPerSecond = Math.round(lists / LIST_SECONDS);
    console.log(
      `${backend.name.padEnd(9)} list 30 of ${BATCH_SIZES.length * MESSAGES_PER_RUN}: ${listsPerSecond} lists/s`,
    );
    return { insertsPerSecond, listsPerSecond };
  } finally {
    await dispose();
  }
}

export const storageBench = {
  describe: 'durable inserts/s by batch size and inbox listings/s, SQLite and PostgreSQL',
  async run() {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const backends = url ? [sqlite, postgres(url)] : [sqlite];
    if (!url) console.log('postgres  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const results: Record<string, unknown> = {};
    for (const backend of backends) results[backend.name] = await measure(backend);
    console.log(JSON.stringify({ bench: 'storage', messagesPerRun: MESSAGES_PER_RUN, ...results }));
  },
};
