import type { Response } from 'express';
import { arrivedAsHead } from './answer-head-as-get.js';
import type { AnyOperationRequest } from './operation-handlers.js';

export interface EventStream {
  /** Writes one event frame; `data` is a JSON string. */
  send(frame: { id?: string; event?: string; data: string }): void;
  /**
   * Runs `cleanup` once, when the client goes away or the stream is closed. Handlers return
   * once their stream is set up rather than await its end: a handler suspended for the life
   * of a stream keeps its frame, and the promise Express watches, alive with it.
   */
  onClose(cleanup: () => void): void;
  close(): void;
}

const HEARTBEAT_MS = 25_000;

/**
 * Streams open in this process: one timer sends every heartbeat (thousands of streams, one
 * interval), and a shutdown can end them instead of waiting them out.
 */
const openStreams = new Map<EventStream, Response>();
let heartbeat: NodeJS.Timeout | undefined;

function startHeartbeat(): void {
  heartbeat ??= setInterval(() => {
    for (const response of openStreams.values()) response.write(': ping\n\n');
  }, HEARTBEAT_MS).unref();
}

/** Ends every open stream (on SIGTERM): clients reconnect to another node at once. */
export function closeAllEventStreams(): void {
  for (const stream of [...openStreams.keys()]) stream.close();
}

/**
 * A server-sent event stream on `response`, with a comment heartbeat so proxies and load
 * balancers do not cut an idle stream.
 */
export function openEventStream(request: AnyOperationRequest, response: Response): EventStream {
  response.status(200);
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache, no-transform');
  response.setHeader('Connection', 'keep-alive');
  // nginx buffers responses by default, which would hold events back.
  response.setHeader('X-Accel-Buffering', 'no');
  response.flushHeaders();
  response.write(': connected\n\n');

  const cleanups: (() => void)[] = [];
  const end = () => {
    if (!openStreams.delete(stream)) return;
    if (openStreams.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  request.on('close', end);

  let corked = false;
  const uncork = () => {
    corked = false;
    response.uncork();
  };
  const stream: EventStream = {
    send({ id, event, data }) {
      // A frame for a stream that has just ended is dropped, not written after its end.
      if (!openStreams.has(stream)) return;
      let frame = '';
      if (id) frame += `id: ${id}\n`;
      if (event) frame += `event: ${event}\n`;
      // The frames of one turn of the event loop (a group commit announces many messages
      // at once) leave in one write at its end, not a write each.
      if (!corked) {
        corked = true;
        response.cork();
        setImmediate(uncork);
      }
      response.write(`${frame}data: ${data}\n\n`);
    },
    onClose(cleanup) {
      if (openStreams.has(stream)) cleanups.push(cleanup);
      else cleanup();
    },
    close() {
      end();
      response.end();
    },
  };
  openStreams.set(stream, response);
  startHeartbeat();
  // A HEAD gets the stream's headers and nothing after them.
  if (arrivedAsHead(request)) queueMicrotask(() => stream.close());
  return stream;
}
