import type { Services } from '../../services.js';
import type { MessageSummary } from '../../features/messages/message-types.js';

/** At most this many missed messages are read again for a stream (a resume, a gap). */
export const CATCH_UP_LIMIT = 500;
/**
 * After a gap in cross-node delivery, messages received this long before it began are read
 * again too: arrival times come from the node that took the mail, whose clock may differ a
 * little. Those already sent are dropped by id.
 */
const RESYNC_MARGIN_MS = 30_000;
/** Ids a stream remembers having sent, to send none twice. */
const SENT_MEMORY = 1_000;

/** The ids a stream has sent, the most recent SENT_MEMORY of them. */
export function sentIds(): { firstTime(id: string): boolean } {
  const ids = new Set<string>();
  return {
    /** Whether `id` is new (and now remembered), false when it was sent already. */
    firstTime(id) {
      if (ids.has(id)) return false;
      ids.add(id);
      if (ids.size > SENT_MEMORY) ids.delete(ids.values().next().value!);
      return true;
    },
  };
}

/**
 * After each gap in cross-node delivery (EventBus.onResync: Redis was away), reads what
 * arrived meanwhile in `mailboxIds()` and hands it to `deliver`, which drops what the stream
 * already sent. Returns the function that stops listening.
 */
export function catchUpAfterGaps(
  services: Services,
  requestId: string,
  mailboxIds: () => string[],
  deliver: (message: MessageSummary) => void,
): () => void {
  return services.events.onResync((since) => {
    services.messages
      .listSince(mailboxIds(), { receivedAt: since - RESYNC_MARGIN_MS, id: '' }, CATCH_UP_LIMIT)
      .then((missed) => missed.forEach(deliver))
      .catch((error: unknown) =>
        services.logger.warn({ err: error, requestId }, 'event stream: catching up failed'),
      );
  });
}
