// The ingest's writer: on SQLite a thread with its own connection, except for a large
// message or batch, too large to copy there. Either way the commit must be visible to the
// app's connection, and the caller's bytes must stay whole (a failed batch is retried item
// by item).
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitBatch } from '../../src/features/messages/message-types.js';
import { startCommitWriter, type CommitWriter } from '../../src/storage/commit-writer.js';
import { spawnWorker, type SpawnThread } from '../../src/spawn-worker.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { storeReceived } from '../support/commit-messages.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

/** A mailbox open for an hour from T0. */
function createMailbox(repositories: Repositories, address: string) {
  return repositories.mailboxes.create({
    address,
    passwordHash: 'unused',
    ownerUserId: null,
    now: T0,
    expiresAt: T0 + 3_600_000,
  });
}

describe.each(testBackends)('the commit writer on $name', (backend) => {
  let database: TestDatabase;
  let repositories: Repositories;
  let writer: CommitWriter;
  let mailboxId: string;

  beforeAll(async () => {
    database = await backend.open();
    repositories = createRepositories(database.storage);
    writer = await startCommitWriter(database.storage);
    mailboxId = (await createMailbox(repositories, `writer-${backend.name}@tempmail.test`)).id;
  });
  afterAll(async () => {
    await writer.close();
    await database.dispose();
  });

  async function commitAndRead(raw: Uint8Array) {
    const { ids } = await writer.commitBatch({
      received: [{ mailboxId, raw, receivedAt: T0 }],
      parsed: [],
      now: T0,
    });
    expect(ids).toHaveLength(1);
    return repositories.messages.readSourceForParsing(ids[0]!);
  }

  it('commits a small message where the app reads, and leaves the caller its bytes', async () => {
    // A small Buffer sits in Node's shared pool: only its own bytes may travel.
    const raw = Buffer.from('Subject: small\r\n\r\nHello.\r\n');
    const stored = await commitAndRead(raw);
    expect(Buffer.from(stored!).toString()).toBe('Subject: small\r\n\r\nHello.\r\n');
    expect(raw.toString()).toBe('Subject: small\r\n\r\nHello.\r\n');
  });

  it('commits a message over 1 MiB whole', async () => {
    const raw = new Uint8Array(Buffer.from(`Subject: large\r\n\r\n${'x'.repeat(1_500_000)}\r\n`));
    const stored = await commitAndRead(raw);
    expect(Buffer.from(stored!).equals(Buffer.from(raw))).toBe(true);
    expect(raw.byteLength).toBeGreaterThan(1_500_000);
  });

  it('saves a parse result with its attachment, once', async () => {
    const raw = Buffer.from('Subject: with file\r\n\r\nSee attached.\r\n');
    const { ids } = await writer.commitBatch({
      received: [{ mailboxId, raw, receivedAt: T0 }],
      parsed: [],
      now: T0,
    });
    const content = new Uint8Array([1, 2, 3, 4]);
    const result = {
      state: 'parsed' as const,
      msgid: null,
      from: { name: 'Shop', address: 'shop@sender.example' },
      to: [],
      cc: [],
      bcc: [],
      subject: 'with file',
      intro: 'See attached.',
      text: 'See attached.',
      html: '',
      parseError: null,
      codes: [],
      links: [],
      attachments: [
        {
          filename: 'a.bin',
          contentType: 'application/octet-stream',
          disposition: 'attachment',
          contentId: null,
          content,
        },
      ],
    };
    const first = await writer.commitBatch({
      received: [],
      parsed: [{ id: ids[0]!, parsed: result }],
      now: T0,
    });
    const again = await writer.commitBatch({
      received: [],
      parsed: [{ id: ids[0]!, parsed: result }],
      now: T0,
    });
    expect([first.saved, again.saved]).toEqual([[true], [false]]);
    const detail = await repositories.messages.find(ids[0]!, [mailboxId]);
    expect(detail).toMatchObject({ subject: 'with file', hasAttachments: true });
    expect(detail!.attachments.map((attachment) => attachment.size)).toEqual([4]);
    expect([...content]).toEqual([1, 2, 3, 4]);
  });

  it('stores a body sent as its UTF-8 bytes as its text', async () => {
    // A parser thread sends a long body as bytes (parse-worker.ts). The byte-order mark is
    // part of the text: a decoder must not drop it.
    const text = `\ufeffCafé ☕ 🎉 ${'long '.repeat(10)}`;
    const html = '<p>Café ☕ 🎉</p>';
    const utf8 = new TextEncoder();
    const { ids } = await writer.commitBatch({
      received: [
        {
          mailboxId,
          raw: Buffer.from('Subject: bytes\r\n\r\nx'),
          receivedAt: T0,
          parsed: {
            state: 'parsed',
            msgid: null,
            from: { name: '', address: 'shop@sender.example' },
            to: [],
            cc: [],
            bcc: [],
            subject: 'bytes',
            intro: 'Café',
            text: utf8.encode(text),
            html: utf8.encode(html),
            parseError: null,
            codes: [],
            links: [],
            attachments: [],
          },
        },
      ],
      parsed: [],
      now: T0,
    });
    const detail = await repositories.messages.find(ids[0]!, [mailboxId]);
    expect([detail!.text, detail!.html]).toEqual([text, html]);
  });

  it('refuses to commit once closed', async () => {
    const closing = await startCommitWriter(database.storage);
    await closing.close();
    await expect(
      closing.commitBatch({
        received: [{ mailboxId, raw: Buffer.from('late'), receivedAt: T0 }],
        parsed: [],
        now: T0,
      }),
    ).rejects.toThrow(/closed/);
  });
});

// Only SQLite has a writer thread; on PostgreSQL the main thread commits.
describe('the SQLite writer thread', () => {
  let database: TestDatabase;
  let repositories: Repositories;

  beforeAll(async () => {
    database = await testBackends.find((backend) => backend.name === 'sqlite')!.open();
    repositories = createRepositories(database.storage);
  });
  afterAll(() => database?.dispose());

  it('writes ordinary mail in the thread, in batches past 1 MiB; a large message or batch on the main thread', async () => {
    /** How many messages each batch posted to the thread held. */
    const posted: number[] = [];
    const spawn: SpawnThread = (...args) => {
      const thread = spawnWorker(...args);
      const post = thread.postMessage.bind(thread);
      thread.postMessage = (message: { batch?: CommitBatch }, transfer) => {
        if (message.batch) posted.push(message.batch.received.length);
        post(message, transfer);
      };
      return thread;
    };
    const writer = await startCommitWriter(database.storage, spawn);
    try {
      const box = await createMailbox(repositories, 'writer-sizes@tempmail.test');
      const messages = (count: number, bytes: number) =>
        Array.from({ length: count }, (_, n) => ({
          mailboxId: box.id,
          raw: Buffer.from(`Subject: ${n}\r\n\r\n${'x'.repeat(bytes)}\r\n`),
          receivedAt: T0,
        }));
      const commit = async (received: ReturnType<typeof messages>) => {
        const { ids } = await writer.commitBatch({ received, parsed: [], now: T0 });
        expect(ids).toHaveLength(received.length);
      };
      // 20 messages of 100 KB: 2 MB in all, none large.
      await commit(messages(20, 100_000));
      expect(posted).toEqual([20]);
      // One message over 1 MiB: not copied, whatever shares its batch.
      await commit([...messages(1, 2_000), ...messages(1, 1_100_000)]);
      // 10 messages of 900 KB: each ordinary, over 8 MiB together.
      await commit(messages(10, 900_000));
      expect(posted).toEqual([20]);
      expect(await repositories.messages.count([box.id])).toBe(32);
    } finally {
      await writer.close();
    }
  });

  it('fails the commits of a thread that dies, leaves no half batch, and starts a new one', async () => {
    const threads: Worker[] = [];
    const spawn: SpawnThread = (...args) => {
      const thread = spawnWorker(...args);
      threads.push(thread);
      return thread;
    };
    const crashing = await startCommitWriter(database.storage, spawn);
    try {
      const box = await createMailbox(repositories, 'writer-crash@tempmail.test');
      const stored = () => repositories.messages.count([box.id]);
      // 300 small messages: a batch the thread writes.
      const batch = Array.from({ length: 300 }, (_, n) => ({
        mailboxId: box.id,
        raw: Buffer.from(`Subject: ${n}\r\n\r\n${'x'.repeat(2_000)}\r\n`),
        receivedAt: T0,
      }));
      const inFlight = crashing.commitBatch({ received: batch, parsed: [], now: T0 });
      await threads[0]!.terminate();
      // Refused, never reported as stored: SMTP answers 451 and the sender tries again.
      await expect(inFlight).rejects.toThrow(/commit thread stopped/);
      // All or nothing: the dead thread's transaction was never begun, was rolled back, or
      // had committed just before the thread died. The last case is a duplicate once the
      // sender, told 451, sends again: ADR 0002 accepts that. A half batch is never seen.
      expect([0, 300]).toContain(await stored());

      // The app's connection can still write: the dead thread holds no lock.
      await storeReceived(repositories.messages, [
        { mailboxId: box.id, raw: Buffer.from('Subject: app\r\n\r\nx'), receivedAt: T0 },
      ]);
      const before = await stored();
      const { ids } = await crashing.commitBatch({
        received: [
          { mailboxId: box.id, raw: Buffer.from('Subject: after\r\n\r\nx'), receivedAt: T0 },
        ],
        parsed: [],
        now: T0,
      });
      expect(threads).toHaveLength(2);
      expect(await stored()).toBe(before + 1);
      expect(
        Buffer.from((await repositories.messages.readSourceForParsing(ids[0]!))!).toString(),
      ).toBe('Subject: after\r\n\r\nx');
    } finally {
      await crashing.close();
    }
  });
});
