import type { Client } from './generated/client/index.js';
import { getNextMessage, listMessages } from './generated/sdk.gen.js';
import type { MessageSummary } from './generated/types.gen.js';
import { isRetryable, TempMailError, TempMailTimeoutError } from './tempmail-errors.js';
import { unwrap } from './unwrap-result.js';
import { waitOrAbort } from './wait-or-abort.js';
import type { MessageFilter, MessagePredicate } from './wait-for-message.js';

/** The server's longest wait per request, in seconds. */
export const LONG_POLL_MAX_SECONDS = 60;

/** The epoch: `since` it, every stored message counts. */
const FROM_THE_START = new Date(0).toISOString();

/**
 * After a failed request (the server down or restarting, a 5xx) the next waits this long,
 * doubling up to the most: a deploy that restarts the server does not end a wait.
 */
const FIRST_RETRY_MS = 500;
const MOST_RETRY_MS = 8_000;

export interface LongPollOptions {
  /** The predicate, after the server has applied `filter`. */
  matches: MessagePredicate;
  /** `from` and `subject`, which the server applies before answering. */
  filter: MessageFilter | undefined;
  timeout: number;
  skipExisting: boolean;
  signal: AbortSignal;
  /** Told after each request: the error a retry may fix, or undefined when it worked. */
  noteLastError?: (error: unknown) => void;
}

/**
 * Waits on one address with `GET /v1/addresses/{address}/messages/next`: each request waits
 * up to a minute and counts once against the rate limit, and is answered within
 * milliseconds of the message being stored. Each call after the first starts after the
 * last message seen, so nothing falls between two; `skipExisting` starts after the newest
 * message there now, else from the first. A request that fails in a way retrying may fix
 * is sent again, after a pause that doubles from 0.5 s to 8 s (at least the `Retry-After` of
 * a 429). Rejects with `TempMailTimeoutError` at `timeout` (checked between requests;
 * `signal` ends one under way), at once with a 429 whose `Retry-After` ends after it, and
 * with any other error as it comes.
 */
export async function longPollMessages(
  client: Client,
  address: string,
  options: LongPollOptions,
): Promise<MessageSummary> {
  const { matches, filter, timeout, signal } = options;
  const deadline = Date.now() + timeout;
  let after: string | undefined;
  if (options.skipExisting) {
    const { messages } = await unwrap(
      listMessages({ client, query: { mailbox: address, limit: 1 }, signal }),
    );
    after = messages[0]?.id;
  }
  let retryMs = FIRST_RETRY_MS;
  let lastError: unknown;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new TempMailTimeoutError(timeout, lastError);
    let message: MessageSummary | undefined;
    try {
      const result = await getNextMessage({
        client,
        path: { address },
        query: {
          ...(after ? { after } : { since: FROM_THE_START }),
          timeout: Math.min(LONG_POLL_MAX_SECONDS, Math.ceil(left / 1000)),
          ...(filter?.from !== undefined ? { from: filter.from } : {}),
          ...(filter?.subject !== undefined ? { subject: filter.subject } : {}),
        },
        signal,
      });
      signal.throwIfAborted();
      // Not a 204: the contract's one other success, the message.
      if (result.response?.status !== 204) message = (await unwrap(result)) as MessageSummary;
    } catch (error) {
      signal.throwIfAborted();
      if (!isRetryable(error)) throw error;
      lastError = error;
      options.noteLastError?.(error);
      const retryAfterMs = error instanceof TempMailError ? (error.retryAfter ?? 0) * 1000 : 0;
      const pause = Math.max(retryMs, retryAfterMs);
      if (retryAfterMs > 0 && Date.now() + pause > deadline) throw error;
      retryMs = Math.min(retryMs * 2, MOST_RETRY_MS);
      await waitOrAbort(Math.min(pause, Math.max(0, deadline - Date.now())), signal);
      continue;
    }
    lastError = undefined;
    options.noteLastError?.(undefined);
    retryMs = FIRST_RETRY_MS;
    if (message === undefined) continue;
    if (await matches(message)) return message;
    after = message.id;
  }
}
