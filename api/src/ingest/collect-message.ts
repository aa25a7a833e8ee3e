import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Past this many bytes a message grows in one buffer of its own instead of a list of the
 * pieces the socket delivered, which would cost a second copy of the message when joined.
 */
export const GROW_IN_PLACE_BYTES = 1 << 20;

/** While a large message arrives, the buffers it has been read through are freed this often. */
const COLLECT_EVERY_BYTES = 4 << 20;

let collectYoung: (() => void) | undefined;

/**
 * Frees the buffers a large message has been read through so far. smtp-server copies each
 * piece the socket delivers, and V8 frees both copies only when it collects garbage, which
 * little else prompts while the bytes stream in: a 25 MB message left about 50 MB of them
 * behind (`npm run bench -- smtp`, RSS timeline). A young-generation collection takes a
 * millisecond or two. Node exposes `gc` only when started with --expose-gc, which not every
 * launcher of the server passes; the flag applies to contexts made after it is set.
 */
function freeReadBuffers(): void {
  if (!collectYoung) {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('typeof gc === "function" ? gc : undefined') as
      ((options: { type: 'minor' }) => void) | undefined;
    // Should a Node refuse the flag, mail still flows; only the peak memory is higher.
    collectYoung = gc ? () => gc({ type: 'minor' }) : () => undefined;
  }
  collectYoung();
}

export interface MessageCollector {
  /** Appends bytes; from the first that would pass the limit on, drops them (552 follows). */
  push(chunk: Uint8Array): void;
  /**
   * The whole message, alone in its buffer: a large one can be moved to a parser thread
   * rather than copied, and a small one is copied alone.
   */
  bytes(): Uint8Array;
}

/**
 * Collects a message as it arrives: `head` (the Received line), then up to `limit` bytes
 * of data. A small message is a list of pieces joined once at the end. A large one is
 * copied piece by piece into a resizable buffer, which reserves address space for the
 * limit and takes memory only as it grows, in place.
 */
export function collectMessage(head: Uint8Array, limit: number): MessageCollector {
  let pieces: Uint8Array[] = [head];
  let length = head.byteLength;
  let grown: ArrayBuffer | undefined;
  let exceeded = false;

  /** Appends to the resizable buffer, collecting at every COLLECT_EVERY_BYTES crossed. */
  function append(into: ArrayBuffer, bytes: Uint8Array) {
    const before = into.byteLength;
    into.resize(before + bytes.byteLength);
    new Uint8Array(into, before).set(bytes);
    const crossed = Math.floor(into.byteLength / COLLECT_EVERY_BYTES);
    if (crossed > Math.floor(before / COLLECT_EVERY_BYTES)) freeReadBuffers();
  }

  return {
    push(chunk) {
      // Once over the limit the message is refused: the rest is read, not kept.
      if (exceeded || length - head.byteLength + chunk.byteLength > limit) {
        exceeded = true;
        return;
      }
      length += chunk.byteLength;
      if (!grown && length <= GROW_IN_PLACE_BYTES) {
        pieces.push(chunk);
        return;
      }
      if (!grown) {
        grown = new ArrayBuffer(0, { maxByteLength: head.byteLength + limit });
        for (const piece of pieces) append(grown, piece);
        pieces = [];
      }
      append(grown, chunk);
    },
    bytes() {
      if (grown) return new Uint8Array(grown);
      // Not Buffer.concat: it puts a small message in Node's shared 8 KB pool, and posting
      // a view to a thread copies its whole buffer.
      const joined = new Uint8Array(length);
      let offset = 0;
      for (const piece of pieces) {
        joined.set(piece, offset);
        offset += piece.byteLength;
      }
      return joined;
    },
  };
}
