interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit<T, R> {
  /** Resolves with the item's result once the transaction holding it has committed. */
  submit(item: T): Promise<R>;
  /** Whether anything is queued or being written. */
  readonly busy: boolean;
}

/**
 * Group commit: one write at a time; whatever is submitted while a write runs, or in the
 * same turn of the event loop, goes together into the next one, so a durable commit (an
 * fsync) is shared by everything that arrived in the meantime. `write` takes a batch and
 * returns one result per item, in order. When a batch fails, each item is retried alone, so
 * one bad item fails only itself.
 */
export function createGroupCommit<T, R>(
  write: (batch: readonly T[]) => Promise<R[]>,
  maxBatch: number,
): GroupCommit<T, R> {
  let queue: Queued<T, R>[] = [];
  let writing = false;
  let scheduled = false;

  // A write starts on the next turn of the event loop, after the I/O of this one has been
  // read: with a synchronous driver (better-sqlite3) nothing can join a write once it runs,
  // so starting at the first submit would commit one message per fsync.
  function schedule(): void {
    if (scheduled || writing || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  async function settle(batch: readonly Queued<T, R>[]): Promise<void> {
    const results = await write(batch.map((queued) => queued.item));
    batch.forEach((queued, index) => queued.resolve(results[index]!));
  }

  async function flush(): Promise<void> {
    if (writing || queue.length === 0) return;
    writing = true;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(maxBatch);
    try {
      await settle(batch);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else
        for (const queued of batch)
          await settle([queued]).catch((single: unknown) => queued.reject(single));
    } finally {
      writing = false;
      schedule();
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    get busy() {
      return writing || queue.length > 0;
    },
  };
}
