import { Worker } from 'node:worker_threads';
import type { ParsedMessage } from '../../storage/repositories/messages.js';
import { readHeadersOnly } from './parse-message.js';

export interface ParserPool {
  /** Parses in a worker thread; past the deadline the message comes back marked failed. */
  parse(raw: Uint8Array): Promise<ParsedMessage>;
  close(): Promise<void>;
}

interface Task {
  raw: Uint8Array;
  resolve: (parsed: ParsedMessage) => void;
}

interface Slot {
  worker: Worker;
  /** Set by the worker's first message: start-up must not eat into a task's deadline. */
  ready: boolean;
  busy?: { id: number; task: Task; timer: NodeJS.Timeout };
}

// From source (tests, `npm run dev`) the worker is TypeScript: on Node 20 a worker does not
// inherit the tsx loader, so a small bootstrap registers it before importing the entry.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './parse-worker.ts' : './parse-worker.js', import.meta.url);

function newWorker(): Worker {
  if (!fromSource) return new Worker(workerUrl);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function createParserPool(options: { size: number; timeoutMs: number }): ParserPool {
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: newWorker(), ready: false };
    slot.worker.on(
      'message',
      (message: { ready: true } | { id: number; result: ParsedMessage }) => {
        if ('ready' in message) {
          slot.ready = true;
          next(slot);
          return;
        }
        const { id, result } = message;
        if (slot.busy?.id !== id) return;
        clearTimeout(slot.busy.timer);
        const { task } = slot.busy;
        slot.busy = undefined;
        task.resolve(result);
        next(slot);
      },
    );
    slot.worker.on('error', (error) => retire(slot, `parser crashed: ${error.message}`));
    slot.worker.unref();
    return slot;
  }

  /** Ends a stuck or crashed worker, answers its task as failed, and puts a fresh one in its place. */
  function retire(slot: Slot, reason: string) {
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.task.resolve(readHeadersOnly(busy.task.raw, reason));
    }
    void slot.worker.terminate();
    if (closed) return;
    const index = slots.indexOf(slot);
    const fresh = spawn();
    if (index >= 0) slots[index] = fresh;
    next(fresh);
  }

  function next(slot: Slot) {
    if (!slot.ready || slot.busy || closed) return;
    const task = queue.shift();
    if (!task) return;
    const id = nextId++;
    const timer = setTimeout(
      () => retire(slot, `parsing took longer than ${options.timeoutMs} ms`),
      options.timeoutMs,
    );
    slot.busy = { id, task, timer };
    slot.worker.postMessage({ id, raw: task.raw });
  }

  for (let i = 0; i < options.size; i += 1) slots.push(spawn());

  return {
    parse(raw) {
      return new Promise((resolve, reject) => {
        if (closed) {
          reject(new Error('parser pool is closed'));
          return;
        }
        queue.push({ raw, resolve });
        const idle = slots.find((slot) => slot.ready && !slot.busy);
        if (idle) next(idle);
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
