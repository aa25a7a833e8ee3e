import type { Worker } from 'node:worker_threads';
import type { ParsedMessage } from '../features/messages/message-types.js';
import { HEADER_SCAN_BYTES, readHeadersOnly, spansItsBuffer } from './parse-message.js';
import { spawnWorker, type SpawnThread } from '../spawn-worker.js';

export interface ParserPool {
  /**
   * Parses in a worker thread; past the deadline the message comes back marked failed. A
   * message larger than the header scan is handed over, not copied: `raw` is left empty.
   */
  parse(raw: Uint8Array): Promise<ParsedMessage>;
  close(): Promise<void>;
}

interface Task {
  raw: Uint8Array;
  /** What readHeadersOnly reads if the worker fails: kept when `raw` is handed over. */
  head: Uint8Array;
  resolve: (parsed: ParsedMessage) => void;
}

interface Slot {
  worker: Worker;
  /** Set by the worker's first message: start-up must not eat into a task's deadline. */
  ready: boolean;
  /** Tasks posted to this worker, in the order it works on them. */
  inFlight: { id: number; task: Task }[];
  /** The deadline of the task the worker is on (the first in flight). */
  timer?: NodeJS.Timeout;
}

/**
 * Tasks posted ahead to each worker, so it never waits a round trip between two messages.
 * The deadline runs for the one it is working on.
 */
const PIPELINE_DEPTH = 8;

/**
 * A parser thread's young generation, in MB (V8 picks about 48 MB on this machine).
 * Decoding a large attachment makes short-lived strings of every line; a small young
 * generation collects them sooner, and one 25 MB message then raises peak RSS about 10 MB
 * less (`npm run bench -- smtp`). Small messages barely fill it either way.
 */
const YOUNG_GENERATION_MB = 8;

/** A message too large to copy cheaply, alone in its buffer (so moving it moves no other). */
function handedOver(raw: Uint8Array): boolean {
  return (
    raw.byteLength > HEADER_SCAN_BYTES && spansItsBuffer(raw) && raw.buffer instanceof ArrayBuffer
  );
}

/**
 * Runs up to `size` threads. The first starts at once, each other one when mail overlaps:
 * several messages arriving together, or one while every thread has work. A server that
 * receives one message at a time keeps one thread (each holds about 13 MB).
 */
export function createParserPool(options: {
  size: number;
  timeoutMs: number;
  spawnThread?: SpawnThread;
}): ParserPool {
  const spawnThread = options.spawnThread ?? spawnWorker;
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;
  /** Whether a dispatch of the queue is scheduled for the end of this turn. */
  let dispatching = false;

  function armDeadline(slot: Slot) {
    clearTimeout(slot.timer);
    slot.timer = slot.inFlight.length
      ? setTimeout(
          () => retire(slot, `parsing took longer than ${options.timeoutMs} ms`),
          options.timeoutMs,
        )
      : undefined;
  }

  function spawn(): Slot {
    const slot: Slot = {
      worker: spawnThread(import.meta.url, 'parse-worker', {
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      }),
      ready: false,
      inFlight: [],
    };
    slot.worker.on(
      'message',
      (message: { ready: true } | { id: number; result: ParsedMessage }[]) => {
        if (!Array.isArray(message)) {
          slot.ready = true;
          fill(slot);
          return;
        }
        for (const { id, result } of message) {
          if (slot.inFlight[0]?.id !== id) return;
          slot.inFlight.shift()!.task.resolve(result);
        }
        armDeadline(slot);
        fill(slot);
      },
    );
    slot.worker.on('error', (error) => retire(slot, `parser crashed: ${error.message}`));
    slot.worker.unref();
    return slot;
  }

  /**
   * Ends a stuck or crashed worker: the task it was on is answered as failed (with what its
   * headers say), the ones queued behind it go back to the queue, and a fresh worker takes
   * its place.
   */
  function retire(slot: Slot, reason: string) {
    clearTimeout(slot.timer);
    const [current, ...waiting] = slot.inFlight;
    slot.inFlight = [];
    if (current) current.task.resolve(readHeadersOnly(current.task.head, reason));
    queue.unshift(...waiting.map((entry) => entry.task));
    void slot.worker.terminate();
    if (closed) return;
    const index = slots.indexOf(slot);
    const fresh = spawn();
    if (index >= 0) slots[index] = fresh;
    for (const other of slots) fill(other);
  }

  /**
   * Posts queued tasks to a ready worker, up to the pipeline depth, in one message (the
   * worker answers them in one too): a message each way per task cost both threads more
   * than the copy of a small message does.
   */
  function fill(slot: Slot, depth = PIPELINE_DEPTH) {
    if (!slot.ready || closed) return;
    const wasIdle = slot.inFlight.length === 0;
    const posted: { id: number; raw: Uint8Array }[] = [];
    let transfer: ArrayBuffer[] = [];
    while (slot.inFlight.length < depth && queue.length > 0) {
      // A large message moves to the worker instead of being copied (the copy would double
      // its memory), so it can never be posted again: it goes only to an idle worker, alone,
      // as the task the worker is on, which retire() answers rather than re-queues.
      const handOver = handedOver(queue[0]!.raw);
      if (handOver && slot.inFlight.length > 0) break;
      const task = queue.shift()!;
      const id = nextId++;
      slot.inFlight.push({ id, task });
      posted.push({ id, raw: task.raw });
      if (handOver) {
        transfer = [task.raw.buffer as ArrayBuffer];
        break;
      }
    }
    if (posted.length > 0) slot.worker.postMessage(posted, transfer);
    if (wasIdle) armDeadline(slot);
  }

  /** Shares the queue between the ready workers, each task to the least busy of them. */
  function dispatch() {
    dispatching = false;
    // Mail overlaps (several messages at once, or every thread busy): one more thread, up
    // to the size; it takes from the queue once ready.
    const overlapping = queue.length > 1 || slots.every((slot) => slot.inFlight.length > 0);
    if (slots.length < options.size && overlapping) slots.push(spawn());
    const ready = slots.filter((slot) => slot.ready);
    const depths = ready.map((slot) => slot.inFlight.length);
    for (let shared = 0; shared < queue.length; shared += 1) {
      const least = depths.indexOf(Math.min(...depths));
      if (least < 0 || depths[least]! >= PIPELINE_DEPTH) break;
      depths[least]! += 1;
    }
    ready.forEach((slot, index) => fill(slot, depths[index]));
  }

  slots.push(spawn());

  return {
    parse(raw) {
      return new Promise((resolve, reject) => {
        if (closed) {
          reject(new Error('parser pool is closed'));
          return;
        }
        const head = handedOver(raw) ? raw.slice(0, HEADER_SCAN_BYTES) : raw;
        queue.push({ raw, head, resolve });
        // Posted at the end of this turn of the event loop, with the other messages that
        // arrive in it, by the least busy ready worker.
        if (dispatching) return;
        dispatching = true;
        setImmediate(dispatch);
      });
    },
    async close() {
      closed = true;
      for (const slot of slots) clearTimeout(slot.timer);
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
