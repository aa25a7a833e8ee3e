import { readEventStream, StreamIdleError, type ServerSentEvent } from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readEventStream(body)) events.push(event);
  return events;
}

describe('readEventStream', () => {
  it('reads message frames and skips heartbeats', async () => {
    const events = await collect(
      streamOf([
        ': ping\n\n',
        'event: message\nid: 65f1c0ffee0ddba11c0ffee1\ndata: {"a":1}\n\n',
        ': ping\n\n',
      ]),
    );
    expect(events).toEqual([{ event: 'message', id: '65f1c0ffee0ddba11c0ffee1', data: '{"a":1}' }]);
  });

  it('joins frames split anywhere, across CRLF, CR and LF line ends', async () => {
    const text =
      'event: message\r\nid: 1\r\ndata: first\r\n\r\nid: 2\rdata: sec\rdata:ond\r\rdata: 3\n\n';
    const bytes = new TextEncoder().encode(text);
    // One byte per chunk, so every boundary (the CR/LF pair too) is split.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    expect(await collect(body)).toEqual([
      { event: 'message', id: '1', data: 'first' },
      { event: 'message', id: '2', data: 'sec\nond' },
      { event: 'message', id: '2', data: '3' },
    ]);
  });

  it('decodes UTF-8 split inside a character and drops a leading BOM', async () => {
    const bytes = new TextEncoder().encode('\uFEFFdata: Grüße ✓\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    expect(await collect(body)).toEqual([{ event: 'message', id: undefined, data: 'Grüße ✓' }]);
  });

  it('drops a frame cut off by the end of the stream and frames without data', async () => {
    expect(await collect(streamOf(['event: other\n\n', 'data: whole\n\n', 'data: cut']))).toEqual([
      { event: 'message', id: undefined, data: 'whole' },
    ]);
  });

  it('gives up on a silent stream', async () => {
    const body = new ReadableStream<Uint8Array>({ start() {} });
    await expect(collect2(body)).rejects.toBeInstanceOf(StreamIdleError);
  });

  it('stops on abort with the reason, and cancels the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const reading = (async () => {
      for await (const event of readEventStream(body, { signal: controller.signal })) void event;
    })();
    controller.abort(new Error('stop'));
    await expect(reading).rejects.toThrow('stop');
    expect(cancelled).toBe(true);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: 1\n\ndata: 2\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readEventStream(body)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

async function collect2(body: ReadableStream<Uint8Array>) {
  for await (const event of readEventStream(body, { idleTimeout: 50 })) void event;
}
