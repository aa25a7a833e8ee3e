import type { CreateLimiter } from './create-limiter.js';

/**
 * Mails that someone's action sends to an address they name but need not own (a purchase's
 * confirmation of its email, forwarding's confirmation of its target): at most this many to
 * one address an hour, however many accounts, sessions or addresses ask. Each account's own
 * limits do not bound it: a demo checkout makes a new Pro account for nothing.
 */
export const MAILS_TO_ONE_ADDRESS_PER_HOUR = 5;

/** The one count of those mails, per address (shared by every node through Redis). */
export function mailsToAddressLimiter(createLimiter: CreateLimiter) {
  return createLimiter('mails-to-address-hour', MAILS_TO_ONE_ADDRESS_PER_HOUR, 3600);
}
