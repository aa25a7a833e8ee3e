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
  /** Its size when queued (a message handed over to a worker is left empty). */
  bytes: number;
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
  /** When the worker began the task it is on (performance.now()). */
  since: number;
}

/**
 * Tasks posted ahead to each worker, so it never waits a round trip between two messages.
 * The deadline runs for the one it is working on.
 */
const PIPELINE_DEPTH = 8;

/**
 * A worker is behind when it has been on one message longer than this, or holds more mail
 * than this many bytes: the messages already posted to it wait for it, new ones go to the
 * next thread. A warm worker parses 100 KB of HTML in about 2 ms, and answers at least
 * every 5 ms while it parses quickly (parse-worker.ts).
 */
const BEHIND_MS = 20;
const BEHIND_BYTES = 256 * 1024;

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
 * Runs up to `size` threads. The first starts at once, each other one when those there are
 * fall behind (large or slow mail): a server that gets small mail keeps one thread, however
 * much of it (each holds about 13 MB).
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
  /** A dispatch again by when the worker the queue waits for would count as behind. */
  let recheck: NodeJS.Timeout | undefined;

  function armDeadline(slot: Slot) {
    clearTimeout(slot.timer);
    slot.since = performance.now();
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
      since: 0,
    };
    slot.worker.on(
      'message',
      (message: { ready: true } | { id: number; result: ParsedMessage }[]) => {
        if (!Array.isArray(message)) {
          slot.ready = true;
          dispatch();
          return;
        }
        for (const { id, result } of message) {
          if (slot.inFlight[0]?.id !== id) return;
          slot.inFlight.shift()!.task.resolve(result);
        }
        armDeadline(slot);
        dispatch();
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
    dispatch();
  }

  /**
   * Posts queued tasks to a ready worker, up to the pipeline depth or until it holds more
   * than BEHIND_BYTES, in one message (the worker answers them in one too): a message each
   * way per task cost both threads more than the copy of a small message does.
   */
  function fill(slot: Slot) {
    const wasIdle = slot.inFlight.length === 0;
    const posted: { id: number; raw: Uint8Array }[] = [];
    let transfer: ArrayBuffer[] = [];
    let bytes = heldBytes(slot);
    while (slot.inFlight.length < PIPELINE_DEPTH && bytes <= BEHIND_BYTES && queue.length > 0) {
      // A large message moves to the worker instead of being copied (the copy would double
      // its memory), so it can never be posted again: it goes only to an idle worker, alone,
      // as the task the worker is on, which retire() answers rather than re-queues.
      const handOver = handedOver(queue[0]!.raw);
      if (handOver && slot.inFlight.length > 0) break;
      const task = queue.shift()!;
      bytes += task.bytes;
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

  function heldBytes(slot: Slot): number {
    let bytes = 0;
    for (const { task } of slot.inFlight) bytes += task.bytes;
    return bytes;
  }

  function behind(slot: Slot, now: number): boolean {
    if (slot.inFlight.length === 0) return false;
    return now - slot.since > BEHIND_MS || heldBytes(slot) > BEHIND_BYTES;
  }

  /**
   * Gives the queue to the first worker that is not behind, and to it alone while it keeps
   * up. Each thread woken for a batch costs CPU and a context switch of its own: on 2 KB
   * mail, one thread taking it all made about 10% fewer context switches a message than two
   * sharing it (ADR 0014). The main thread does more a message than a parse of small mail
   * does, so one parser keeps up with it; large or slow mail brings in the next thread,
   * started if need be.
   */
  function dispatch() {
    dispatching = false;
    const now = performance.now();
    for (const slot of slots) {
      if (closed || queue.length === 0) return;
      if (!slot.ready || behind(slot, now)) continue;
      fill(slot);
      if (queue.length === 0) return;
      // A message to hand over needs an idle worker; anything else waits for this one while
      // it has only quick work, or until it falls behind.
      if (behind(slot, now) || handedOver(queue[0]!.raw)) continue;
      recheck ??= setTimeout(
        () => {
          recheck = undefined;
          dispatch();
        },
        slot.since + BEHIND_MS - now + 1,
      ).unref();
      return;
    }
    // None ready could take it: one more thread, unless one is starting (it takes the queue
    // once ready).
    const starting = slots.some((slot) => !slot.ready);
    if (queue.length > 0 && !starting && slots.length < options.size) slots.push(spawn());
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
        queue.push({ raw, bytes: raw.byteLength, head, resolve });
        // Posted at the end of this turn of the event loop, with the other messages that
        // arrive in it.
        if (dispatching) return;
        dispatching = true;
        setImmediate(dispatch);
      });
    },
    async close() {
      closed = true;
      clearTimeout(recheck);
      for (const slot of slots) clearTimeout(slot.timer);
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
