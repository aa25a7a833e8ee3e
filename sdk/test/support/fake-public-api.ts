import type { MessageSummary } from '@tempmail/sdk';

/** What the fake answers to one request; `stream` answers `GET /v1/events` with an open stream. */
export type FakeAnswer =
  { status: number; body?: unknown; headers?: Record<string, string> } | { stream: true };

export interface FakeStream {
  send(message: MessageSummary): void;
  ping(): void;
  end(): void;
  /** Resolves when the client closed (or aborted) the stream. */
  closed: Promise<void>;
}

/**
 * A stand-in for the public API behind a `fetch` function: each path answers from a queue
 * the test fills (the last answer repeats), and every request is recorded. Streams are real
 * ReadableStreams that end when the client aborts, as undici's do (unless told not to).
 */
export function fakePublicApi(answers: {
  events?: FakeAnswer[];
  messages?: FakeAnswer[];
  /** `GET /v1/addresses/{address}/messages/next`, whatever the address. */
  next?: FakeAnswer[];
  /**
   * Streams ignore the request's abort signal, as they do in real life once the generated
   * client's Request object has been garbage collected.
   */
  streamsIgnoreAbort?: boolean;
}) {
  const requests: { path: string; headers: Headers; at: number }[] = [];
  const streams: FakeStream[] = [];
  const queues = {
    '/v1/events': answers.events ?? [],
    '/v1/messages': answers.messages ?? [],
    next: answers.next ?? [],
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    requests.push({ path, headers: request.headers, at: Date.now() });
    const queue = path.endsWith('/messages/next')
      ? queues.next
      : queues[path as Exclude<keyof typeof queues, 'next'>];
    if (queue === undefined) return json(404, { code: 'not_found', message: 'Not found.' });
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 503 };
    if ('stream' in answer) return openStream(request.signal);
    return json(answer.status, answer.body, answer.headers);
  };

  const openStream = (signal: AbortSignal): Response => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let markClosed!: () => void;
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
      cancel: () => markClosed(),
    });
    if (!answers.streamsIgnoreAbort) {
      signal.addEventListener('abort', () => {
        try {
          controller.error(signal.reason);
        } catch {
          // already closed
        }
        markClosed();
      });
    }
    streams.push({
      send: (message) =>
        controller.enqueue(
          encoder.encode(`event: message\nid: ${message.id}\ndata: ${JSON.stringify(message)}\n\n`),
        ),
      ping: () => controller.enqueue(encoder.encode(': ping\n\n')),
      end: () => {
        controller.close();
        markClosed();
      },
      closed,
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };

  return { fetch, requests, streams };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 304 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

let sequence = 0;

/** A MessageSummary as the server lists it; ids increase with each call. */
export function summary(overrides: Partial<MessageSummary> = {}): MessageSummary {
  sequence++;
  return {
    id: sequence.toString(16).padStart(24, '0'),
    mailbox: 'box@tempmail.test',
    from: { name: 'Example Shop', address: 'no-reply@shop.example' },
    to: [{ name: '', address: 'box@tempmail.test' }],
    subject: 'Hello',
    intro: 'Hello there',
    date: new Date(Date.UTC(2026, 10, 22, 9, 0, sequence)).toISOString(),
    seen: false,
    hasAttachments: false,
    size: 1024,
    codes: [],
    link: null,
    ...overrides,
  };
}

/** The body of a 200 of `GET /v1/messages`, newest first. */
export function listing(...messages: MessageSummary[]) {
  return {
    status: 200,
    body: { messages: [...messages].reverse(), total: messages.length },
    headers: { ETag: `"v${messages.map((m) => m.id.slice(-4)).join('-')}"` },
  };
}
