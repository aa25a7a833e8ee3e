/** One dispatched Server-Sent Event. */
export interface ServerSentEvent {
  /** The `event:` field; `message` when the frame had none. */
  event: string;
  /** The last `id:` seen on the stream so far (SSE's "last event ID"), if any. */
  id: string | undefined;
  /** The `data:` lines joined with `\n`. */
  data: string;
}

export interface ReadEventStreamOptions {
  /**
   * Give up when no byte arrives for this long (ms). The server sends a `: ping` every 25 s,
   * so a longer silence means a dead connection that TCP has not noticed yet.
   */
  idleTimeout?: number;
  /**
   * Stops reading (the iteration throws the signal's reason) and cancels the body. Not left
   * to fetch alone: the generated client wraps the call in a `Request`, whose signal only
   * follows the caller's while that Request object is alive, and it can be garbage
   * collected while the body is still being read.
   */
  signal?: AbortSignal;
}

/** Thrown when the stream went silent for longer than `idleTimeout`. */
export class StreamIdleError extends Error {
  override readonly name = 'StreamIdleError';
}

/**
 * Parses a `text/event-stream` body as the HTML standard's event-stream interpretation
 * describes (https://html.spec.whatwg.org/multipage/server-sent-events.html): lines end in
 * CRLF, LF or CR; `:` starts a comment; an empty line dispatches; frames without data are
 * not dispatched. Stops reading the body when the consumer stops iterating.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  options: ReadEventStreamOptions = {},
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let lastEventId: string | undefined;
  let eventType = '';
  let data: string[] = [];
  let skipLeadingLf = false;
  let firstChunk = true;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, options);
      if (done) return;
      let text = decoder.decode(value, { stream: true });
      if (firstChunk && text.length > 0) {
        firstChunk = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      // A CR that ended the previous chunk may be the first half of a CRLF.
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      pending += text;

      let start = 0;
      for (let index = 0; index < pending.length; index++) {
        const char = pending[index];
        if (char !== '\n' && char !== '\r') continue;
        const line = pending.slice(start, index);
        if (char === '\r') {
          if (index + 1 === pending.length) skipLeadingLf = true;
          else if (pending[index + 1] === '\n') index++;
        }
        start = index + 1;

        if (line === '') {
          if (data.length > 0) {
            yield { event: eventType || 'message', id: lastEventId, data: data.join('\n') };
          }
          eventType = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let fieldValue = colon === -1 ? '' : line.slice(colon + 1);
        if (fieldValue.startsWith(' ')) fieldValue = fieldValue.slice(1);
        if (field === 'data') data.push(fieldValue);
        else if (field === 'event') eventType = fieldValue;
        else if (field === 'id' && !fieldValue.includes('\0')) lastEventId = fieldValue;
      }
      pending = pending.slice(start);
    }
  } finally {
    // Cancelling (not just releasing) closes the connection when the consumer stops early.
    await reader.cancel().catch(() => undefined);
  }
}

async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  { idleTimeout, signal }: ReadEventStreamOptions,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  signal?.throwIfAborted();
  if (idleTimeout === undefined && signal === undefined) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    if (idleTimeout !== undefined) {
      timer = setTimeout(
        () => reject(new StreamIdleError(`The event stream was silent for ${idleTimeout} ms.`)),
        idleTimeout,
      );
    }
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([reader.read(), stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
