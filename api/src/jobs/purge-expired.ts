import type { Logger } from 'pino';
import { PRO_RETENTION_MS } from '../features/mailboxes/lifetimes.js';
import type { Stores } from '../features/stores.js';

const PAGE = 500;
/**
 * An anonymous user younger than this is never purged: GET /api/user creates the user and
 * then opens its session, and a purge between the two must not take the user.
 */
export const ANONYMOUS_USER_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes expired mailboxes for real (with their aliases, messages, bodies, sources and
 * attachments, by cascade), messages past the retention period (Pro mailboxes outlive it;
 * free ones expire first), expired sessions, and then the anonymous users those deletes left
 * with nothing (no live session, no mailbox; never anyone with an email, Pro or billing).
 * Safe on several nodes at once: each delete takes only rows still there. Returns how many
 * mailboxes went.
 */
export async function purgeExpired(stores: Stores, now: number): Promise<number> {
  const drain = async (deletePage: () => Promise<number>) => {
    let deleted = 0;
    for (;;) {
      const page = await deletePage();
      deleted += page;
      if (page < PAGE) return deleted;
    }
  };
  const mailboxes = await drain(() => stores.mailboxes.deleteExpired(now, PAGE));
  await drain(() => stores.messages.deleteReceivedBefore(now - PRO_RETENTION_MS, PAGE, now));
  await stores.sessions.deleteExpired(now);
  await drain(() =>
    stores.users.deleteAbandonedAnonymous(now, now - ANONYMOUS_USER_GRACE_MS, PAGE),
  );
  return mailboxes;
}

/**
 * Runs purgeExpired every `intervalMs`, after `renew` (the demo subscriptions due: a renewed
 * Pro's addresses must not be purged at the old period's end); returns the function that
 * stops it.
 */
export function startPurgeJob(deps: {
  stores: Stores;
  logger: Logger;
  now: () => number;
  intervalMs: number;
  renew: (now: number) => Promise<number>;
}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    const now = deps.now();
    // A renewal that fails is retried next round; it must not hold back the purge.
    try {
      const renewed = await deps.renew(now);
      if (renewed > 0) deps.logger.info({ renewed }, 'renewed demo subscriptions');
    } catch (error) {
      deps.logger.warn({ err: error }, 'renewing demo subscriptions failed; will retry');
    }
    try {
      const deleted = await purgeExpired(deps.stores, now);
      if (deleted > 0) deps.logger.info({ deleted }, 'purged expired mailboxes');
    } catch (error) {
      deps.logger.warn({ err: error }, 'purge of expired mailboxes failed; will retry');
    }
  };
  const tick = () => {
    running = round();
  };
  const timer = setInterval(tick, deps.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
