// The ingest's SQLite writer thread. better-sqlite3 holds its thread for a whole
// transaction, fsync included: here that holds only this thread, and the main thread goes on
// reading SMTP and HTTP while the disk works (see commit-writer.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { CommitBatch } from '../features/messages/message-types.js';
import { openDatabase } from './open-database.js';
import { createRepositories } from './repositories/index.js';

const { file } = workerData as { file: string };
const storage = openDatabase({ kind: 'sqlite', file });
const { messages } = createRepositories(storage);
parentPort?.postMessage({ ready: true });

type Request = { id: number; batch: CommitBatch } | { close: true };

parentPort?.on('message', async (request: Request) => {
  if ('close' in request) {
    await storage.close();
    parentPort?.close();
    return;
  }
  try {
    parentPort?.postMessage({ id: request.id, result: await messages.commitBatch(request.batch) });
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    parentPort?.postMessage({ id: request.id, error: { message: String(message), code } });
  }
});
