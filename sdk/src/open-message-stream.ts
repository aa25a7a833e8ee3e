import type { Client } from './generated/client/index.js';
import type {
  MessageSummary,
  StreamEventsErrors,
  StreamEventsResponses,
} from './generated/types.gen.js';
import { readEventStream, type ReadEventStreamOptions } from './read-event-stream.js';
import { TempMailError, parseRateLimit } from './tempmail-errors.js';
import { unwrap } from './unwrap-result.js';

export interface OpenMessageStreamOptions {
  signal?: AbortSignal;
  /** Resume after this message id (`Last-Event-ID`): the server first replays what came after it. */
  lastEventId?: string;
  /** Treat the stream as dead after this much silence (ms); the server pings every 25 s. Default 60 000. */
  idleTimeout?: number;
}

/** A message frame of `GET /v1/events`. */
export interface MessageStreamEvent {
  id: string;
  message: MessageSummary;
}

/**
 * The open stream: iterate it once. `close()` ends the connection at any time, read or not
 * (a read in progress then rejects with an AbortError).
 */
export interface MessageStream extends AsyncIterable<MessageStreamEvent> {
  close(): Promise<void>;
}

/**
 * Opens `GET /v1/events` and resolves once the server has accepted it (so anything that
 * arrives from then on is in the stream), with the message frames as an async iterable.
 * Rejects with `TempMailError` / `TempMailNetworkError` when the stream cannot be opened.
 * Breaking out of the loop, `close()`, or aborting `signal` closes the connection.
 *
 * Not the generated `streamEvents`: its SSE helper hides the HTTP answer (no status,
 * no `Retry-After`) and reconnects on its own, where callers need to choose a fallback.
 * This goes through the same client, so its base URL, token, fetch and interceptors apply.
 */
export async function openMessageStream(
  client: Client,
  options: OpenMessageStreamOptions = {},
): Promise<MessageStream> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = options.lastEventId;
  const result = await client.get<StreamEventsResponses, StreamEventsErrors, false>({
    url: '/v1/events',
    security: [{ scheme: 'bearer', type: 'http' }],
    parseAs: 'stream',
    headers,
    signal: options.signal,
  });
  // With parseAs 'stream' the data is the body itself; the generated type says string.
  const body = (await unwrap(result)) as unknown as ReadableStream<Uint8Array> | null;
  const contentType = result.response.headers.get('Content-Type') ?? '';
  if (body === null || !contentType.startsWith('text/event-stream')) {
    await body?.cancel().catch(() => undefined);
    throw new TempMailError({
      status: result.response.status,
      code: 'unknown',
      message: `GET /v1/events answered ${contentType || 'no body'}, not an event stream.`,
      rateLimit: parseRateLimit(result.response.headers),
    });
  }
  // close() must also end a read in progress, which a generator's return() would wait for.
  const closing = new AbortController();
  const frames = messageFrames(body, {
    idleTimeout: options.idleTimeout ?? 60_000,
    signal: options.signal ? AbortSignal.any([options.signal, closing.signal]) : closing.signal,
  });
  return {
    [Symbol.asyncIterator]: () => frames,
    async close() {
      closing.abort();
      await frames.return(undefined);
      // A stream never iterated still holds its body; once read, the reader cancelled it.
      if (!body.locked) await body.cancel().catch(() => undefined);
    },
  };
}

async function* messageFrames(
  body: ReadableStream<Uint8Array>,
  options: ReadEventStreamOptions,
): AsyncGenerator<MessageStreamEvent> {
  for await (const event of readEventStream(body, options)) {
    if (event.event !== 'message') continue;
    const message = JSON.parse(event.data) as MessageSummary;
    yield { id: event.id ?? message.id, message };
  }
}
