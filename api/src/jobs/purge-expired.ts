import type { Logger } from 'pino';
import type { Repositories } from '../storage/repositories/index.js';

const PAGE = 500;

/**
 * Deletes expired mailboxes for real (with their aliases, messages, bodies, sources and
 * attachments, by cascade) and expired sessions. Safe on several nodes at once: each
 * delete takes only rows still there.
 */
export async function purgeExpired(repositories: Repositories, now: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await repositories.mailboxes.deleteExpired(now, PAGE);
    deleted += page;
    if (page < PAGE) break;
  }
  await repositories.sessions.deleteExpired(now);
  return deleted;
}

/** Runs purgeExpired every `intervalMs`; returns the function that stops it. */
export function startPurgeJob(deps: {
  repositories: Repositories;
  logger: Logger;
  now: () => number;
  intervalMs: number;
}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = purgeExpired(deps.repositories, deps.now()).then(
      (deleted) => {
        if (deleted > 0) deps.logger.info({ deleted }, 'purged expired mailboxes');
      },
      (error: unknown) =>
        deps.logger.warn({ err: error }, 'purge of expired mailboxes failed; will retry'),
    );
  };
  const timer = setInterval(tick, deps.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
