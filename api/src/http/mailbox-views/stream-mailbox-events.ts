import type { Response } from 'express';
import type { MailboxEvent, MessageSummary } from '../../features/messages/message-types.js';
import { openEventStream } from '../event-stream.js';
import type { Services } from '../../services.js';
import type { Mailbox } from '../../features/mailboxes/mailbox-store.js';
import type { AnyOperationRequest } from '../operation-handlers.js';
import { catchUpAfterGaps, CATCH_UP_LIMIT, sentIds } from './catch-up-after-gap.js';
import { messageSummaryResource } from './message-resources.js';

/**
 * How often a long-lived stream checks its caller again (a token rotated away, a session
 * ended, an account signed out everywhere) and, with a `refresh`, looks for new mailboxes.
 */
export const STREAM_RECHECK_MS = 2_000;
/** setTimeout's longest delay; later expiries are checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One message's `data:` line is the same for every stream that gets it: serialised once per
 * arrival, not once per open stream (thousands may watch one mailbox).
 */
const frames = new WeakMap<MessageSummary, string>();
function frameData(message: MessageSummary, address: string): string {
  let data = frames.get(message);
  if (data === undefined) {
    data = JSON.stringify(messageSummaryResource(message, address));
    frames.set(message, data);
  }
  return data;
}

/** Which mailboxes a stream watches, and for how long. */
export interface StreamScope {
  /** The mailboxes watched from the start. */
  mailboxes: Mailbox[];
  /** The stream ends at this time (a mailbox token's mailbox expiring). */
  endsAt?: number;
  /**
   * Asked every few seconds for the mailboxes to watch now: mailboxes made after the
   * stream opened join it (their messages since then are replayed); null ends the stream
   * (the token was rotated away, the session ended, Pro ran out).
   */
  refresh?: () => Promise<Mailbox[] | null>;
  /**
   * Also tell of changes to messages already there, as frames without an `id:` (resuming
   * stays by arrival): the updated summary when one is marked seen or unseen, and
   * `{"id":…,"isDeleted":true}` when one is deleted. The dashboard's inbox wants them; `/v1`
   * streams new messages only.
   */
  changes?: boolean;
}

/**
 * Opens a stream of the new messages of a set of mailboxes as server-sent events, resumable
 * with Last-Event-ID (`GET /v1/events`, and `GET /api/events` for the dashboard's Pro inbox).
 * Live delivery is subscribed before the replay is read and held back until it is sent, so
 * no message falls between the two and none is sent twice. After a gap in cross-node
 * delivery (Redis away) the stream reads what arrived meanwhile (EventBus.onResync).
 * Resolves once the stream is set up; it lives on until the client goes away or the scope
 * ends.
 */
export async function streamMailboxEvents(
  request: AnyOperationRequest,
  response: Response,
  services: Services,
  scope: StreamScope,
): Promise<void> {
  const { messages, logger } = services;
  const openedAt = services.now();
  const initial = scope.mailboxes;
  const lastEventId = request.headers['last-event-id'];
  const resumeAfter =
    typeof lastEventId === 'string'
      ? await messages.cursorOf(
          lastEventId,
          initial.map((mailbox) => mailbox.id),
        )
      : undefined;

  const stream = openEventStream(request, response);
  const addresses = new Map<string, string>();
  const subscriptions = new Map<string, () => void>();
  const sent = sentIds();
  let held: MailboxEvent[] | undefined = [];

  const send = (message: MessageSummary) => {
    const address = addresses.get(message.mailboxId);
    if (address === undefined || !sent.firstTime(message.id)) return;
    stream.send({ event: 'message', id: message.id, data: frameData(message, address) });
  };
  const sendChange = (event: MailboxEvent) => {
    const address = addresses.get(event.message.mailboxId);
    if (address === undefined) return;
    stream.send({
      event: 'message',
      data:
        event.type === 'message.deleted'
          ? JSON.stringify({ id: event.message.id, isDeleted: true })
          : frameData(event.message, address),
    });
  };
  const dispatch = (event: MailboxEvent) => {
    if (event.type === 'message.received') send(event.message);
    else if (scope.changes) sendChange(event);
  };
  // While the replay is read, live events wait, in their order, behind it.
  const onEvent = (event: MailboxEvent) => {
    if (held) held.push(event);
    else dispatch(event);
  };
  let open = true;
  const watch = (mailbox: Mailbox) => {
    if (!open) return;
    addresses.set(mailbox.id, mailbox.address);
    subscriptions.set(mailbox.id, services.events.subscribe(mailbox.id, onEvent));
  };
  const replay = async (mailboxIds: string[], after: { receivedAt: number; id: string }) => {
    for (const message of await messages.listSince(mailboxIds, after, CATCH_UP_LIMIT))
      send(message);
  };

  initial.forEach(watch);
  const stopResync = catchUpAfterGaps(services, request.id, () => [...addresses.keys()], send);
  let timer: NodeJS.Timeout | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  // Registered before the replay, so a replay that fails still unsubscribes.
  stream.onClose(() => {
    open = false;
    clearTimeout(timer);
    clearInterval(refreshTimer);
    stopResync();
    for (const unsubscribe of subscriptions.values()) unsubscribe();
  });
  try {
    if (resumeAfter) await replay([...addresses.keys()], resumeAfter);
  } finally {
    const waiting = held;
    held = undefined;
    waiting.forEach(dispatch);
  }
  if (!open) return;

  const { endsAt, refresh } = scope;
  if (endsAt !== undefined) {
    const endAtExpiry = () => {
      const left = endsAt - services.now();
      if (left <= 0) stream.close();
      else timer = setTimeout(endAtExpiry, Math.min(left, MAX_TIMER_MS));
    };
    endAtExpiry();
  }
  // Not once the expiry has closed it: its clean-up has run, and would not stop the timer.
  if (refresh && open) {
    const update = async () => {
      const current = await refresh();
      // The client may have gone while the refresh ran: its clean-up has already run.
      if (!open) return;
      if (!current) {
        stream.close();
        return;
      }
      const added = current.filter((mailbox) => !subscriptions.has(mailbox.id));
      for (const mailbox of added) watch(mailbox);
      if (added.length > 0) {
        await replay(
          added.map((mailbox) => mailbox.id),
          { receivedAt: openedAt, id: '' },
        );
      }
      const live = new Set(current.map((mailbox) => mailbox.id));
      for (const [mailboxId, unsubscribe] of subscriptions) {
        if (!live.has(mailboxId)) {
          unsubscribe();
          subscriptions.delete(mailboxId);
        }
      }
    };
    refreshTimer = setInterval(() => {
      update().catch((error: unknown) =>
        logger.warn(
          { err: error, requestId: request.id },
          'event stream: refreshing the mailboxes failed',
        ),
      );
    }, STREAM_RECHECK_MS);
  }
}
