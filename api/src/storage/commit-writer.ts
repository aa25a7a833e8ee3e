import type { Worker } from 'node:worker_threads';
import type {
  CommitBatch,
  CommitResult,
  ParsedMessage,
} from '../features/messages/message-types.js';
import { spawnWorker, type SpawnThread } from '../spawn-worker.js';
import type { Storage } from './open-database.js';
import { createRepositories } from './repositories/index.js';

/**
 * A batch is written on the main thread when one of its messages carries more content than
 * this: posting it to the writer thread copies it, and for a large message that copy costs
 * more (memory) than the event loop waiting on one fsync costs (time).
 */
const POSTED_MESSAGE_BYTES_LIMIT = 1024 * 1024;

/**
 * Nor is a batch posted that carries more than this in all, however many messages share it,
 * so the copy stays bounded. A batch of mail of ordinary size goes to the thread: 100 KB
 * messages over 20 connections fill batches past 1 MiB, and when those were written on the
 * main thread an HTTP request waited 22-25 ms at the 90th percentile; posted, 10-11 ms
 * (the smtp bench's 100 KB load with `/healthz` asked every 10 ms, 4 alternating pairs).
 */
const POSTED_BATCH_BYTES_LIMIT = 8 * 1024 * 1024;

export interface CommitWriter {
  /** Commits one ingest batch durably (the messages repository's commitBatch). */
  commitBatch(batch: CommitBatch): Promise<CommitResult>;
  /** Stops the writer thread; for when nothing more will be committed. */
  close(): Promise<void>;
}

/** What the thread posts: that it has opened the database, then one reply per commit. */
type Reply =
  | { ready: true }
  | { id: number; result: CommitResult }
  | { id: number; error: { message: string; code?: string } };

function parsedBytes(parsed: ParsedMessage | undefined): number {
  if (!parsed) return 0;
  let bytes = parsed.text.length + parsed.html.length;
  for (const attachment of parsed.attachments) bytes += attachment.content.byteLength;
  return bytes;
}

/** Whether a batch is small enough, message by message and in all, to copy to the thread. */
function fitsThePost(batch: CommitBatch): boolean {
  const sizes = [
    ...batch.received.map((message) => message.raw.byteLength + parsedBytes(message.parsed)),
    ...batch.parsed.map(({ parsed }) => parsedBytes(parsed)),
  ];
  let total = 0;
  for (const bytes of sizes) {
    if (bytes > POSTED_MESSAGE_BYTES_LIMIT) return false;
    total += bytes;
  }
  return total <= POSTED_BATCH_BYTES_LIMIT;
}

/**
 * The batch with its byte arrays copied, each alone in a new buffer, and those buffers to
 * move with the post. A posted view is cloned with its whole buffer (for a small Buffer,
 * Node's shared 8 KB pool), and the caller's arrays stay whole for a retry.
 */
function forPosting(batch: CommitBatch): { batch: CommitBatch; transfer: ArrayBuffer[] } {
  const copies = new Map<Uint8Array, Uint8Array<ArrayBuffer>>();
  const own = (bytes: Uint8Array) => {
    let copy = copies.get(bytes);
    if (!copy) copies.set(bytes, (copy = new Uint8Array(bytes)));
    return copy;
  };
  const ownAttachments = (parsed: ParsedMessage): ParsedMessage => ({
    ...parsed,
    attachments: parsed.attachments.map((attachment) => ({
      ...attachment,
      content: own(attachment.content),
    })),
  });
  const posted: CommitBatch = {
    now: batch.now,
    received: batch.received.map((message) => ({
      ...message,
      raw: own(message.raw),
      ...(message.parsed ? { parsed: ownAttachments(message.parsed) } : {}),
    })),
    parsed: batch.parsed.map(({ id, parsed }) => ({ id, parsed: ownAttachments(parsed) })),
  };
  return { batch: posted, transfer: [...copies.values()].map((copy) => copy.buffer) };
}

const threadStopped = (code: number) => new Error(`the commit thread stopped (exit code ${code})`);

/** A writer thread on one SQLite file; it starts a new one if the thread dies. */
async function startWriterThread(file: string, spawn: SpawnThread) {
  const pending = new Map<
    number,
    { resolve: (result: CommitResult) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  let thread: Worker | undefined;

  function start(): Worker {
    const started = spawn(import.meta.url, 'commit-worker', { workerData: { file } });
    started.unref();
    started.on('message', (reply: Reply) => {
      if ('ready' in reply) return;
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      // Only a commit in flight keeps the process alive.
      if (pending.size === 0) started.unref();
      if (!waiting) return;
      if ('result' in reply) waiting.resolve(reply.result);
      else
        waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    // A thread that dies takes its commits' outcome with it: they fail (SMTP answers 451,
    // and the sender retries), and the next commit starts a new thread.
    const stopped = (error: Error) => {
      if (thread === started) thread = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', stopped);
    started.on('exit', (code) => stopped(threadStopped(code)));
    return started;
  }

  // Mail is taken only once it can be written: from source (tsx), a thread takes a while.
  const first = (thread = start());
  first.ref();
  await new Promise<void>((resolve, reject) => {
    first.once('message', () => resolve());
    first.once('error', reject);
    first.once('exit', (code) => reject(threadStopped(code)));
  });
  first.unref();

  return {
    commit(batch: CommitBatch): Promise<CommitResult> {
      const writer = (thread ??= start());
      const { batch: posted, transfer } = forPosting(batch);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        writer.ref();
        writer.postMessage({ id, batch: posted }, transfer);
      });
    },
    async close() {
      const closing = thread;
      thread = undefined;
      if (!closing) return;
      const exited = new Promise((resolve) => closing.once('exit', resolve));
      closing.postMessage({ close: true });
      await exited;
    },
  };
}

/**
 * Where the ingest's group commits are written. On SQLite, a thread of their own: the
 * synchronous driver would otherwise stop every socket of the process for each commit's
 * fsync. On PostgreSQL the driver already waits without blocking: the main thread writes.
 */
export async function startCommitWriter(
  storage: Storage,
  spawn: SpawnThread = spawnWorker,
): Promise<CommitWriter> {
  const inline = createRepositories(storage).messages;
  const thread =
    storage.dialect === 'sqlite' ? await startWriterThread(storage.file, spawn) : undefined;
  let closed = false;
  return {
    commitBatch(batch) {
      if (closed) return Promise.reject(new Error('the commit writer is closed'));
      if (!thread || !fitsThePost(batch)) return inline.commitBatch(batch);
      return thread.commit(batch);
    },
    async close() {
      closed = true;
      await thread?.close();
    },
  };
}
