// The home page's timings, each written only here.

/** A new address is asked for this long after the page knows it has none. */
export const AUTO_GENERATE_DELAY_MS = 100;

/** How often the countdown is redrawn. */
export const COUNTDOWN_TICK_MS = 1000;

/** Making an address is tried this many times when the server did not answer or failed. */
export const ADDRESS_CREATION_ATTEMPTS = 5;

/** The wait before retry `n` (from 0): doubling from 1 s, at most 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}
