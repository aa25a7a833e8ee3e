import type { Client } from './generated/client/index.js';
import { listMessages } from './generated/sdk.gen.js';
import type { MessageSummary } from './generated/types.gen.js';
import { openMessageStream, type MessageStream } from './open-message-stream.js';
import { isRetryable, TempMailError } from './tempmail-errors.js';
import { unwrap } from './unwrap-result.js';

/** The polling intervals the public API's documentation asks clients to keep to, in ms. */
export const POLL_INTERVAL_PRO = 4_000;
export const POLL_INTERVAL_FREE = 12_000;
/** After errors the interval doubles up to this. */
export const MAX_POLL_INTERVAL = 60_000;

// The server keeps an unparseable message after PARSE_TIMEOUT_MS (10 s by default); past
// this grace a message that still lists empty is reported as it is.
const PARSE_GRACE = 30_000;

export type WatchMode = 'stream' | 'polling';

export interface WatchMessagesOptions {
  /** Stops the watch: the iteration ends, the stream is closed, timers are cleared. */
  signal?: AbortSignal;
  /** Yield the messages already in the inbox first, oldest first. Default false. */
  includeExisting?: boolean;
  /** Only messages received by this address (a Pro API token reads several mailboxes). */
  mailbox?: string;
  /**
   * Whether the token's owner is Pro, which sets the polling interval (4 s, else 12 s).
   * Default: true for a Pro API token (`tm_…`), false otherwise.
   */
  isPro?: boolean;
  /** Polling interval in ms, overriding the one `isPro` picks. */
  pollInterval?: number;
  /** How often (ms) to try the live stream again while polling. Default 60 000. */
  streamRetryInterval?: number;
  /** Silence (ms) after which an open stream counts as dead. Default 60 000. */
  idleTimeout?: number;
  /** Told each time the watch switches between the live stream and polling. */
  onModeChange?: (mode: WatchMode) => void;
  /**
   * Told after each call to the server (opening the stream, listing the inbox): that it
   * worked, or the error the watch will retry after (the server down, a 5xx, a 429, no
   * stream) and when, in ms since the epoch, its next call is.
   */
  onTry?: (outcome: TryOutcome) => void;
}

export type TryOutcome = { call: 'stream' | 'listing' } & (
  { ok: true } | { ok: false; error: unknown; nextTryAt: number }
);

/**
 * Every new message of the token's mailboxes, each once, oldest first: from the live
 * stream `GET /v1/events` while it can be opened, else by polling `GET /v1/messages`
 * (with `If-None-Match`) at the documented interval, doubling after errors up to 60 s (from
 * the first listing on: a server that cannot be reached at the start is not asked again at
 * once) and waiting at least `Retry-After` after a 429. Each time the stream opens, the inbox is
 * listed once, so nothing that arrived while no stream was open is missed.
 *
 * Ends when `signal` aborts. Throws on answers that retrying cannot fix (401 expired
 * token, 403, 404, 400) as `TempMailError`.
 */
export async function* watchMessages(
  client: Client,
  options: WatchMessagesOptions = {},
): AsyncGenerator<MessageSummary> {
  const signal = options.signal;
  const baseInterval = options.pollInterval ?? defaultPollInterval(client, options.isPro);
  const streamRetryInterval = options.streamRetryInterval ?? 60_000;
  const inbox = new InboxTracker(options.mailbox);
  let listedOnce = false;
  let failed = false;
  let interval = baseInterval;
  let notBefore = 0;
  let nextStreamAttempt = 0;
  let lastEventId: string | undefined;
  let mode: WatchMode | undefined;

  const enter = (next: WatchMode) => {
    if (next !== mode) options.onModeChange?.(next);
    mode = next;
  };
  const takeListing = async () => {
    const messages = await inbox.list(client, signal);
    const fresh = messages === 'unchanged' ? [] : inbox.take(messages);
    const report = listedOnce || options.includeExisting === true;
    listedOnce = true;
    interval = baseInterval;
    options.onTry?.({ call: 'listing', ok: true });
    return report ? fresh : [];
  };
  const noteFailure = (error: unknown) => {
    if (isPermanent(error)) throw error;
    failed = true;
    interval = Math.min(interval * 2, MAX_POLL_INTERVAL);
    if (error instanceof TempMailError && error.retryAfter !== undefined) {
      notBefore = Math.max(notBefore, Date.now() + error.retryAfter * 1000);
    }
    const nextTryAt = Math.max(Date.now() + interval, notBefore);
    options.onTry?.({ call: 'listing', ok: false, error, nextTryAt });
  };

  while (!signal?.aborted) {
    if (Date.now() >= nextStreamAttempt && Date.now() >= notBefore) {
      const opened = Date.now();
      nextStreamAttempt = opened + streamRetryInterval;
      let stream: MessageStream | undefined;
      try {
        stream = await openMessageStream(client, {
          signal,
          lastEventId,
          idleTimeout: options.idleTimeout,
        });
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof TempMailError && error.retryAfter !== undefined) {
          notBefore = Math.max(notBefore, Date.now() + error.retryAfter * 1000);
        }
        // Polling comes next, as the loop below schedules it.
        const pollAt = Date.now() + (listedOnce || failed ? interval : 0);
        const nextTryAt = Math.max(pollAt, notBefore);
        options.onTry?.({ call: 'stream', ok: false, error, nextTryAt });
      }
      if (stream !== undefined) {
        options.onTry?.({ call: 'stream', ok: true });
        enter('stream');
        let listing = true;
        try {
          yield* await takeListing();
          listing = false;
          for await (const event of stream) {
            lastEventId = event.id;
            yield* inbox.take([event.message]);
          }
        } catch (error) {
          if (signal?.aborted) return;
          // A broken stream just ends this round; a failed listing counts like a failed poll.
          if (listing) noteFailure(error);
        } finally {
          await stream.close();
        }
        // A stream that lived a while and dropped is worth reopening at once; one that
        // keeps dropping is not, so polling takes over until the next attempt.
        if (Date.now() - opened >= streamRetryInterval) {
          nextStreamAttempt = 0;
          continue;
        }
      }
    }

    // Only the very first listing goes at once; after a failure, even one before any listing
    // succeeded, the interval is waited out.
    const wait = Math.max(listedOnce || failed ? interval : 0, notBefore - Date.now());
    if (wait > 0) await sleep(wait, signal);
    if (signal?.aborted) return;
    enter('polling');
    try {
      yield* await takeListing();
    } catch (error) {
      if (signal?.aborted) return;
      noteFailure(error);
    }
  }
}

function defaultPollInterval(client: Client, isPro: boolean | undefined): number {
  const { auth } = client.getConfig();
  const pro = isPro ?? (typeof auth === 'string' && auth.startsWith('tm_'));
  return pro ? POLL_INTERVAL_PRO : POLL_INTERVAL_FREE;
}

// Retrying cannot fix a refused token, a forbidden mailbox or a malformed request; anything
// else (a stream or a listing that broke off, say) is tried again.
function isPermanent(error: unknown): boolean {
  return error instanceof TempMailError && !isRetryable(error);
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Which messages have been reported, and the inbox's ETag. The inbox lists a message as soon
 * as it is stored, before it is parsed, with an empty sender and subject; such a message is
 * held back (not reported, no `If-None-Match`) until it lists parsed, so a filter never sees
 * it half-made and it is still reported once.
 */
class InboxTracker {
  private readonly reported = new Set<string>();
  private readonly held = new Map<string, number>();
  private etag: string | undefined;

  constructor(private readonly mailbox: string | undefined) {}

  async list(client: Client, signal: AbortSignal | undefined) {
    const headers =
      this.etag !== undefined && this.held.size === 0 ? { 'If-None-Match': this.etag } : undefined;
    const result = await listMessages({
      client,
      query: this.mailbox === undefined ? undefined : { mailbox: this.mailbox },
      headers,
      signal,
    });
    if (result.response?.status === 304) return 'unchanged' as const;
    const { messages } = await unwrap(result);
    this.etag = result.response.headers.get('ETag') ?? undefined;
    // Listed newest first; reported oldest first.
    return [...messages].reverse();
  }

  /** Of these messages (oldest first), the ones not reported yet. */
  take(messages: readonly MessageSummary[]): MessageSummary[] {
    const fresh: MessageSummary[] = [];
    for (const message of messages) {
      if (this.reported.has(message.id)) continue;
      if (this.mailbox !== undefined && !sameAddress(message.mailbox, this.mailbox)) continue;
      if (looksUnparsed(message)) {
        const since = this.held.get(message.id) ?? Date.now();
        this.held.set(message.id, since);
        if (Date.now() - since < PARSE_GRACE) continue;
      }
      this.held.delete(message.id);
      this.reported.add(message.id);
      fresh.push(message);
    }
    return fresh;
  }
}

function looksUnparsed(message: MessageSummary): boolean {
  return message.from.address === '' && message.subject === '' && message.intro === '';
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
