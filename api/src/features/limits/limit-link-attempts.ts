import type { CreateLimiter } from './create-limiter.js';

/**
 * Tries of a mailed link's token (sign-in links looked at and redeemed, purchase-email and
 * forwarding confirmations) an IP address may make an hour, in one count: a person opens a
 * few; a guesser would need far more than any budget (the tokens hold 256 random bits).
 */
export const LINK_ATTEMPTS_PER_HOUR = 30;

export function linkAttemptsLimiter(createLimiter: CreateLimiter) {
  return createLimiter('redeem-ip-hour', LINK_ATTEMPTS_PER_HOUR, 3600);
}
