import type { Response } from 'express';
import type { Mailbox } from '../../features/mailboxes/mailbox-store.js';
import type { MessageCursor, MessageSummary } from '../../features/messages/message-types.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { CATCH_UP_LIMIT } from '../mailbox-views/catch-up-after-gap.js';
import { messageSummaryResource } from '../mailbox-views/message-resources.js';
import type { AnyOperationRequest } from '../operation-handlers.js';

/** What `GET /v1/addresses/{address}/messages/next` was asked for. */
export interface NextMessageQuery {
  after?: string;
  /** An ISO date-time: messages received at or after it count. */
  since?: string;
  /** Seconds, 0 to 60. */
  timeout: number;
  from?: string;
  subject?: string;
}

/** Whether a message passes the `from` and `subject` filters (case-insensitive substrings). */
export function matchesFilters(
  message: MessageSummary,
  filters: Pick<NextMessageQuery, 'from' | 'subject'>,
): boolean {
  const contains = (value: string, part: string | undefined) =>
    part === undefined || value.toLowerCase().includes(part.toLowerCase());
  return (
    (contains(message.from.address, filters.from) || contains(message.from.name, filters.from)) &&
    contains(message.subject, filters.subject)
  );
}

/** The long polls waiting in this process, each by its answer-now; and whether it stops. */
const waiting = new Set<() => void>();
let stopping = false;

/**
 * Answers every waiting long poll now, as its timeout would (on SIGTERM), and any that comes
 * after at once: its client polls again, reaching another node or this one restarted,
 * rather than being cut when the shutdown's grace period ends.
 */
export function answerAllLongPolls(): void {
  stopping = true;
  for (const answer of [...waiting]) answer();
}

/** Strictly after the cursor in arrival order (time, then id): never the cursor's equal. */
const isAfter = (message: MessageSummary, cursor: MessageCursor) =>
  message.receivedAt > cursor.receivedAt ||
  (message.receivedAt === cursor.receivedAt && message.id > cursor.id);

/**
 * The long poll: the first matching message of `mailbox` after `after` that is already
 * stored, else the next to arrive (heard through the event bus, so from any node), else 204
 * after `timeout`. Live events are subscribed before the stored ones are read and held back
 * meanwhile, so none falls between the two and the oldest is answered first. A client that
 * leaves stops the wait.
 */
export async function waitForNextMessage(
  request: AnyOperationRequest,
  response: Response,
  services: Services,
  mailbox: Mailbox,
  query: NextMessageQuery,
): Promise<void> {
  const cursor = query.after
    ? await services.messages.cursorOf(query.after, [mailbox.id])
    : query.since !== undefined
      ? // Before every id of that millisecond: at or after the time.
        { receivedAt: Date.parse(query.since), id: '' }
      : null;
  if (cursor === undefined) throw new ApiError(404, 'not_found', 'Message not found.');
  // Without either, any message stored from now on is next, whatever time it arrived.
  const wanted = (message: MessageSummary) =>
    (cursor === null || isAfter(message, cursor)) && matchesFilters(message, query);

  let held: MessageSummary[] | undefined = [];
  let settle!: (message: MessageSummary | undefined) => void;
  const settled = new Promise<MessageSummary | undefined>((resolve) => (settle = resolve));
  const unsubscribe = services.events.subscribe(mailbox.id, (event) => {
    if (event.type !== 'message.received' || !wanted(event.message)) return;
    if (held) held.push(event.message);
    else settle(event.message);
  });
  const timer = setTimeout(() => settle(undefined), query.timeout * 1000);
  const leave = () => settle(undefined);
  response.on('close', leave);
  waiting.add(leave);
  try {
    const stored = cursor ? await firstStoredAfter(services, mailbox, cursor, wanted) : undefined;
    const first = stored ?? held[0];
    held = undefined;
    if (first) settle(first);
    else if (query.timeout === 0 || stopping) settle(undefined);
    const message = await settled;
    if (response.destroyed) return;
    // The client's next poll must find another node, or this one restarted: on the same
    // kept-alive socket it would be answered here at once, again and again, until the
    // shutdown's grace period cut it.
    if (stopping) response.setHeader('Connection', 'close');
    if (message) response.json(messageSummaryResource(message, mailbox.address));
    else response.status(204).end();
  } finally {
    unsubscribe();
    clearTimeout(timer);
    response.off('close', leave);
    waiting.delete(leave);
  }
}

/** The oldest stored (parsed) message after the cursor that is wanted, reading in pages. */
async function firstStoredAfter(
  services: Services,
  mailbox: Mailbox,
  cursor: MessageCursor,
  wanted: (message: MessageSummary) => boolean,
): Promise<MessageSummary | undefined> {
  let from = cursor;
  for (;;) {
    const page = await services.messages.listSince([mailbox.id], from, CATCH_UP_LIMIT);
    const found = page.find(wanted);
    if (found || page.length < CATCH_UP_LIMIT) return found;
    from = page[page.length - 1]!;
  }
}
