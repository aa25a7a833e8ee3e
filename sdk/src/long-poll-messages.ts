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
 * message there now, else from the first. A call that fails in a way retrying may fix (the
 * first listing too) is sent again, after a pause that doubles from 0.5 s to 8 s (at least
 * the `Retry-After` of a 429); so is one answered `204` well before its time (a node
 * stopping answers so), that no such node makes it spin. Rejects with
 * `TempMailTimeoutError` at `timeout` (checked between requests; `signal` ends one under
 * way), at once with a 429 whose `Retry-After` itself ends after it, and with any other
 * error as it comes.
 */
export async function longPollMessages(
  client: Client,
  address: string,
  options: LongPollOptions,
): Promise<MessageSummary> {
  const { matches, filter, timeout, signal } = options;
  const deadline = Date.now() + timeout;
  let retryMs = FIRST_RETRY_MS;
  let lastError: unknown;

  /** Waits the next pause of the backoff (never past the deadline), doubling it after. */
  const pause = async (atLeastMs = 0) => {
    const ms = Math.max(retryMs, atLeastMs);
    retryMs = Math.min(retryMs * 2, MOST_RETRY_MS);
    await waitOrAbort(Math.min(ms, Math.max(0, deadline - Date.now())), signal);
  };

  /** `call`, sent again while it fails in a way retrying may fix, until the deadline. */
  async function retrying<T>(call: () => Promise<T>): Promise<T | undefined> {
    for (;;) {
      try {
        const result = await call();
        lastError = undefined;
        options.noteLastError?.(undefined);
        return result;
      } catch (error) {
        signal.throwIfAborted();
        if (!isRetryable(error)) throw error;
        lastError = error;
        options.noteLastError?.(error);
        const retryAfterMs = error instanceof TempMailError ? (error.retryAfter ?? 0) * 1000 : 0;
        if (Date.now() + retryAfterMs > deadline) throw error;
        await pause(retryAfterMs);
        if (Date.now() >= deadline) return undefined;
      }
    }
  }

  let after: string | undefined;
  if (options.skipExisting) {
    const listed = await retrying(() =>
      unwrap(listMessages({ client, query: { mailbox: address, limit: 1 }, signal })),
    );
    if (listed === undefined) throw new TempMailTimeoutError(timeout, lastError);
    after = listed.messages[0]?.id;
  }
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new TempMailTimeoutError(timeout, lastError);
    const waitSeconds = Math.min(LONG_POLL_MAX_SECONDS, Math.ceil(left / 1000));
    const sent = Date.now();
    const answer = await retrying(async () => {
      const result = await getNextMessage({
        client,
        path: { address },
        query: {
          ...(after ? { after } : { since: FROM_THE_START }),
          timeout: waitSeconds,
          ...(filter?.from !== undefined ? { from: filter.from } : {}),
          ...(filter?.subject !== undefined ? { subject: filter.subject } : {}),
        },
        signal,
      });
      signal.throwIfAborted();
      // Not a 204: the contract's one other success, the message.
      return result.response?.status === 204 ? null : ((await unwrap(result)) as MessageSummary);
    });
    if (answer === undefined) continue;
    if (answer === null) {
      // Answered "nothing yet" in less than half the wait asked for: asked again at once, a
      // node that keeps answering so would be asked without end.
      if (Date.now() - sent < (waitSeconds * 1000) / 2) await pause();
      else retryMs = FIRST_RETRY_MS;
      continue;
    }
    retryMs = FIRST_RETRY_MS;
    if (await matches(answer)) return answer;
    after = answer.id;
  }
}
