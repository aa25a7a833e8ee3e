import { randomBytes } from 'node:crypto';

/**
 * A new 24-hex id: 4 bytes of seconds then 8 random bytes, the shape of mail.tm's (Mongo)
 * ids, so ids sort roughly by creation and clients that check the format accept ours.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
