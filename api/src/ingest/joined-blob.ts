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
    const views = parts.map((part) =>
      typeof part === 'string'
        ? Buffer.from(part, 'utf8')
        : ArrayBuffer.isView(part)
          ? new Uint8Array(part.buffer, part.byteOffset, part.byteLength)
          : new Uint8Array(part),
    );
    // Allocated here, not by Buffer.concat, which puts small results in a shared pool.
    this.#bytes = new Uint8Array(views.reduce((total, view) => total + view.byteLength, 0));
    let offset = 0;
    for (const view of views) {
      this.#bytes.set(view, offset);
      offset += view.byteLength;
    }
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
