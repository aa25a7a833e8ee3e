export interface EventFrame {
  id?: string;
  event?: string;
  data: string;
}

export interface EventReader {
  status: number;
  headers: Headers;
  /** Every frame with data so far (comments such as `: ping` are left out). */
  frames: EventFrame[];
  /** Resolves with the first frame (received or to come) that `match` accepts. */
  waitFor(match: (frame: EventFrame) => boolean, timeoutMs?: number): Promise<EventFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a server-sent event stream with fetch and parses its frames as they come. */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const frames: EventFrame[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: Partial<EventFrame> = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            const field = line.slice(0, colon) as keyof EventFrame;
            frame[field] = line.slice(colon + 1).replace(/^ /, '');
          }
          if (frame.data !== undefined) frames.push(frame as EventFrame);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted by close()
    }
    for (const wake of waiters) wake();
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  return {
    status: response.status,
    headers: response.headers,
    frames,
    ended,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (finished) {
            cleanup();
            reject(new Error(`stream ended without the frame; got ${JSON.stringify(frames)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching frame within ${timeoutMs} ms: ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
