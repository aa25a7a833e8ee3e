import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectMessage, GROW_IN_PLACE_BYTES } from '../../src/ingest/collect-message.js';
import { spansItsBuffer } from '../../src/ingest/parse-message.js';

const head = Buffer.from('Received: from test\r\n');
/** `count` socket-sized pieces, each filled with its own number, so order shows. */
const pieces = (count: number, size = 64 * 1024) =>
  Array.from({ length: count }, (_, n) => Buffer.alloc(size, n % 256));

function collect(chunks: Buffer[], limit = 100 * 1024 * 1024) {
  const collector = collectMessage(head, limit);
  for (const chunk of chunks) collector.push(chunk);
  return collector.bytes();
}

describe('collectMessage', () => {
  it('joins a small message after its Received line', () => {
    const chunks = pieces(3, 100);
    const bytes = collect(chunks);
    expect(Buffer.from(bytes).equals(Buffer.concat([head, ...chunks]))).toBe(true);
  });

  it('grows a large message in one resizable buffer, every byte in order', () => {
    const chunks = pieces(Math.ceil((3 * GROW_IN_PLACE_BYTES) / (64 * 1024)) + 1);
    const bytes = collect(chunks);
    expect((bytes.buffer as ArrayBuffer).resizable).toBe(true);
    // Alone in its buffer, so the parser pool moves it to a thread instead of copying it.
    expect(spansItsBuffer(bytes)).toBe(true);
    expect(Buffer.from(bytes).equals(Buffer.concat([head, ...chunks]))).toBe(true);
  });

  it('can collect garbage while a large message arrives', () => {
    // The test runner is not started with --expose-gc: only the collector can set it.
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
    collect(pieces(Math.ceil((5 * 1024 * 1024) / (64 * 1024))));
    // Set at the first 4 MiB of a message, for contexts made after it.
    expect(vm.runInNewContext('typeof gc')).toBe('function');
  });

  it('drops data past the limit; the Received line does not count against it', () => {
    const chunks = pieces(20);
    const limit = 10 * 64 * 1024;
    const bytes = collect(chunks, limit);
    expect(bytes.byteLength).toBe(head.byteLength + limit);
    expect(Buffer.from(bytes).equals(Buffer.concat([head, ...chunks.slice(0, 10)]))).toBe(true);
  });

  it('keeps nothing after the first piece that would pass the limit', () => {
    const bytes = collect([Buffer.alloc(60, 1), Buffer.alloc(50, 2), Buffer.alloc(10, 3)], 100);
    expect(Buffer.from(bytes).equals(Buffer.concat([head, Buffer.alloc(60, 1)]))).toBe(true);
  });
});
