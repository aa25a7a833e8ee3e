// The home page's timings, each written only here.
import { FREE_ADDRESS_LIFETIME_MINUTES } from '../../shared/product-facts';

/** A free address lives this long after it is made. */
export const FREE_ADDRESS_LIFETIME_MS = FREE_ADDRESS_LIFETIME_MINUTES * 60 * 1000;

/** A new address is asked for this long after the page loads. */
export const AUTO_GENERATE_DELAY_MS = 100;

/** How often the countdown is redrawn. */
export const COUNTDOWN_TICK_MS = 1000;

/** Account creation is tried this many times when the address is taken (422). */
export const ACCOUNT_CREATION_ATTEMPTS = 5;

/** The wait before retry `n` (from 0): doubling from 1 s, at most 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}
