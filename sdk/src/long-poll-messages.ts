import type { Client } from './generated/client/index.js';
import { getNextMessage, listMessages } from './generated/sdk.gen.js';
import type { MessageSummary } from './generated/types.gen.js';
import { TempMailTimeoutError } from './tempmail-errors.js';
import { unwrap } from './unwrap-result.js';
import type { MessageFilter, MessagePredicate } from './wait-for-message.js';

/** The server's longest wait per request, in seconds. */
export const LONG_POLL_MAX_SECONDS = 60;

/** The epoch: `since` it, every stored message counts. */
const FROM_THE_START = new Date(0).toISOString();

export interface LongPollOptions {
  /** The predicate, after the server has applied `filter`. */
  matches: MessagePredicate;
  /** `from` and `subject`, which the server applies before answering. */
  filter: MessageFilter | undefined;
  timeout: number;
  skipExisting: boolean;
  signal: AbortSignal;
}

/**
 * Waits on one address with `GET /v1/addresses/{address}/messages/next`: each request waits
 * up to a minute and counts once against the rate limit, and is answered within
 * milliseconds of the message being stored. Each call after the first starts after the
 * last message seen, so nothing falls between two; `skipExisting` starts after the newest
 * message there now, else from the first. Rejects with `TempMailTimeoutError` at `timeout`
 * (checked between requests; `signal` ends one under way).
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
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new TempMailTimeoutError(timeout);
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
    if (result.response?.status === 204) continue;
    // Not a 204: the contract's one other success, the message.
    const message = (await unwrap(result)) as MessageSummary;
    if (await matches(message)) return message;
    after = message.id;
  }
}
