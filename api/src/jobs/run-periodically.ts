import type { Logger } from 'pino';

/**
 * Runs `work` every `intervalMs`, never two runs at once (a run that outlasts the interval
 * skips the ticks meanwhile); a failed run is logged as `what` and tried at the next tick.
 * Returns the function that stops it, resolving once a run under way has finished.
 */
export function runPeriodically(
  work: () => Promise<unknown>,
  options: { intervalMs: number; logger: Logger; what: string },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = work()
      .catch((error: unknown) =>
        options.logger.warn({ err: error }, `${options.what} failed; will retry`),
      )
      .finally(() => (busy = false));
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
