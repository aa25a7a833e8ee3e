/** Listings kept, by total size of their serialised bodies. */
const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;

/**
 * Serialised `/v1/messages` bodies by their strong ETag. The ETag names the exact content
 * (the listed mailboxes and their change counters), so a hit is always current; clients
 * that poll without If-None-Match then cost one mailbox read and a buffer write, not a
 * query and a serialisation. Least recently used entries go first past the budget.
 */
export function createListBodyCache(budgetBytes = DEFAULT_BUDGET_BYTES) {
  const bodies = new Map<string, Buffer>();
  let size = 0;
  return {
    get(etag: string): Buffer | undefined {
      const body = bodies.get(etag);
      if (body) {
        bodies.delete(etag);
        bodies.set(etag, body);
      }
      return body;
    },
    set(etag: string, body: Buffer): void {
      if (body.byteLength > budgetBytes || bodies.has(etag)) return;
      bodies.set(etag, body);
      size += body.byteLength;
      for (const [oldest, old] of bodies) {
        if (size <= budgetBytes) break;
        bodies.delete(oldest);
        size -= old.byteLength;
      }
    },
  };
}
