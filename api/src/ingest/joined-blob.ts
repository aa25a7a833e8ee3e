/**
 * The one part of `Blob` postal-mime uses, done in one synchronous copy.
 *
 * postal-mime joins each decoded body part as `new Blob(chunks).arrayBuffer()`, and a
 * plain part's chunks are its lines and a `'\n'` each. Node's Blob copies every part into
 * native storage, then reads them back as a stream: one asynchronous step per part. With
 * 2 KB messages at full load, that was about half of each parser thread's time (CPU
 * profile, `npm run bench -- smtp`); for a large attachment it is a third copy of it.
 */
export class JoinedBlob {
  readonly type: string;
  readonly #bytes: Uint8Array;

  constructor(
    parts: readonly (string | ArrayBuffer | ArrayBufferView)[] = [],
    options?: { type?: string },
  ) {
    this.type = options?.type ?? '';
    // Measured, then written into one buffer allocated here (Buffer.concat would put a small
    // result in a shared pool): no buffer per part. A plain part comes as a piece per line
    // and a '\n' string after each, and one buffer per piece cost more than the parse.
    let length = 0;
    for (const part of parts)
      length += typeof part === 'string' ? Buffer.byteLength(part, 'utf8') : part.byteLength;
    const bytes = Buffer.alloc(length);
    let offset = 0;
    for (const part of parts) {
      if (typeof part === 'string') {
        offset += bytes.write(part, offset, 'utf8');
        continue;
      }
      const view = ArrayBuffer.isView(part)
        ? new Uint8Array(part.buffer, part.byteOffset, part.byteLength)
        : new Uint8Array(part);
      bytes.set(view, offset);
      offset += view.byteLength;
    }
    this.#bytes = bytes;
  }

  get size(): number {
    return this.#bytes.byteLength;
  }

  /** The joined bytes, alone in their buffer: the caller may keep or move it. */
  arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.buffer as ArrayBuffer);
  }
}

/**
 * Makes `Blob` a JoinedBlob in this thread. Only for a parser thread, where postal-mime is
 * the only code that builds a Blob.
 */
export function useJoinedBlob(): void {
  globalThis.Blob = JoinedBlob as unknown as typeof Blob;
}
