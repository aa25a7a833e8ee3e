import type { Client } from './generated/client/index.js';
import type { MessageSummary } from './generated/types.gen.js';
import { longPollMessages } from './long-poll-messages.js';
import { TempMailError, TempMailTimeoutError } from './tempmail-errors.js';
import { watchMessages, type WatchMessagesOptions } from './watch-messages.js';

/** May be async, e.g. to read the whole message before deciding; the wait goes on meanwhile. */
export type MessagePredicate = (message: MessageSummary) => boolean | Promise<boolean>;

/**
 * Which message to wait for. Strings match case-insensitively as substrings: `from` against
 * the sender's name and address, `subject` against the subject. All that are given must hold.
 */
export interface MessageFilter {
  from?: string;
  subject?: string;
  where?: MessagePredicate;
}

export interface WaitForMessageOptions extends Omit<WatchMessagesOptions, 'includeExisting'> {
  /** A predicate, or a filter; default: any message. */
  match?: MessagePredicate | MessageFilter;
  /** Give up after this many ms with a `TempMailTimeoutError`. Default 60 000. */
  timeout?: number;
  /**
   * Ignore the messages already in the inbox when the wait starts. Default false: a message
   * that arrived just before the call is found too.
   */
  skipExisting?: boolean;
}

/**
 * Resolves with the first message that matches: one already in the inbox (oldest first),
 * else the next to arrive, seen through the live stream or, when it cannot be opened, by
 * polling (see `watchMessages`). Given a `mailbox`, it waits on that one address with the
 * server's long poll instead: one request a minute however long the wait, answered as soon
 * as the message is stored, `match`'s `from` and `subject` applied by the server. Either
 * way a server that cannot be reached, or answers 5xx, is tried again until `timeout`.
 * Rejects with `TempMailTimeoutError` after `timeout` (with the last try's error as its
 * `cause` when that try failed), with `signal`'s reason when it aborts, or with the
 * `TempMailError` that made waiting pointless: an expired token, or a 429 whose
 * `Retry-After` ends after `timeout`. The stream and every timer are gone when it settles.
 */
export async function waitForMessage(
  client: Client,
  options: WaitForMessageOptions = {},
): Promise<MessageSummary> {
  const { match, timeout = 60_000, skipExisting = false, signal, ...watchOptions } = options;
  signal?.throwIfAborted();
  const matches = toPredicate(match);
  const stop = new AbortController();
  const deadline = Date.now() + timeout;
  let timedOut = false;
  let lastError: unknown;
  let refusal: TempMailError | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    stop.abort();
  }, timeout);
  const forward = () => stop.abort();
  signal?.addEventListener('abort', forward, { once: true });
  try {
    if (watchOptions.mailbox !== undefined) {
      return await longPollMessages(client, watchOptions.mailbox, {
        matches,
        filter: typeof match === 'object' ? match : undefined,
        timeout,
        skipExisting,
        signal: stop.signal,
        noteLastError: (error) => (lastError = error),
      }).catch((error: unknown) => {
        if (timedOut) throw new TempMailTimeoutError(timeout, lastError);
        signal?.throwIfAborted();
        throw error;
      });
    }
    const messages = watchMessages(client, {
      ...watchOptions,
      signal: stop.signal,
      includeExisting: !skipExisting,
      onTry: (outcome) => {
        watchOptions.onTry?.(outcome);
        // What the inbox's listings last met: a stream that cannot open is fallen back from.
        if (outcome.call === 'listing') lastError = outcome.ok ? undefined : outcome.error;
        if (outcome.ok) return;
        // A 429 whose own Retry-After outlasts the wait: say so now rather than time out for
        // it. (Not the next poll's time: a stream may still bring the message before that.)
        const { error } = outcome;
        if (error instanceof TempMailError && error.status === 429) {
          if (Date.now() + (error.retryAfter ?? 0) * 1000 > deadline) {
            refusal = error;
            stop.abort();
          }
        }
      },
    });
    for await (const message of messages) {
      if (await matches(message)) return message;
    }
    if (refusal) throw refusal;
    if (timedOut) throw new TempMailTimeoutError(timeout, lastError);
    signal?.throwIfAborted();
    // watchMessages ends only when stopped, so this is not reached.
    throw new Error('The message watch ended unexpectedly.');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
    stop.abort();
  }
}

/** The predicate a `match` option stands for. */
export function toPredicate(match: MessagePredicate | MessageFilter | undefined): MessagePredicate {
  if (match === undefined) return () => true;
  if (typeof match === 'function') return match;
  const from = match.from?.toLowerCase();
  const subject = match.subject?.toLowerCase();
  const where = match.where;
  return (message) => {
    const filtered =
      (from === undefined ||
        message.from.address.toLowerCase().includes(from) ||
        message.from.name.toLowerCase().includes(from)) &&
      (subject === undefined || message.subject.toLowerCase().includes(subject));
    // `where` runs last, and only on messages the strings let through: it may cost a request.
    return filtered && (where === undefined || where(message));
  };
}
