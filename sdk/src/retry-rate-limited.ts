import { parseRateLimit } from './tempmail-errors.js';
import { waitOrAbort } from './wait-or-abort.js';

/** How a client waits out a 429 (Too Many Requests) before handing it to its caller. */
export interface RateLimitRetryOptions {
  /** Tries after the first, at most. Default 3. */
  retries?: number;
  /**
   * The longest `Retry-After` waited out, in seconds. A 429 that asks for longer (an hourly
   * budget spent) is returned at once: waiting would hold the caller for nothing.
   * Default 10.
   */
  maxWaitSeconds?: number;
  /** Told before each wait, e.g. to show that the call is waiting rather than stuck. */
  onWait?: (wait: { seconds: number; retry: number; request: Request }) => void;
}

/**
 * The methods sent again. A 429 is refused before anything is done, but a caller cannot know
 * that of every server on the way, so only calls that may be repeated are: reads, and this
 * API's PATCH and DELETE, which set a value (a message's `seen`) or remove it, so sending
 * one twice leaves what sending it once does.
 */
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/** A 429 without `Retry-After` (a proxy's, say) is tried again after this many seconds. */
const DEFAULT_WAIT_SECONDS = 1;

/**
 * Up to this much is added to each wait, so calls refused together do not all come back in
 * the same instant and spend the next window at once.
 */
const SPREAD_MS = 200;

/**
 * Wraps a `fetch` so that a repeatable call refused with 429 is sent again after the
 * `Retry-After` the server asked for (seconds or an HTTP date), a bounded number of times;
 * the caller's promise stays pending meanwhile, and sees the last answer. Aborting the
 * request's signal ends a wait at once.
 */
export function retryRateLimited(
  send: typeof fetch,
  options: RateLimitRetryOptions = {},
): typeof fetch {
  const retries = options.retries ?? 3;
  const maxWaitSeconds = options.maxWaitSeconds ?? 10;
  return async (input, init) => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    if (!REPEATABLE.has(request.method) || retries <= 0) return send(request);
    // A body can be sent once: each try sends a copy, made from the bytes rather than by
    // `clone()`, which would turn it into a stream (that browsers' tools do not show).
    const body = request.body === null ? null : await request.arrayBuffer();
    for (let retry = 1; ; retry += 1) {
      const response = await send(body === null ? request : new Request(request, { body }));
      if (response.status !== 429 || retry > retries) return response;
      const seconds = parseRateLimit(response.headers).retryAfter ?? DEFAULT_WAIT_SECONDS;
      if (seconds > maxWaitSeconds) return response;
      await response.body?.cancel().catch(() => undefined);
      options.onWait?.({ seconds, retry, request });
      await waitOrAbort(seconds * 1000 + Math.random() * SPREAD_MS, request.signal);
    }
  };
}
