import { randomBytes } from 'node:crypto';

/** Ids whose random bytes are drawn at once: one call for many, as the ingest makes them. */
const POOLED_IDS = 128;
const RANDOM_BYTES = 8;

let pool = Buffer.alloc(0);
let taken = 0;

/** The next 8 random bytes, in hex, from a pool drawn from the system's secure source. */
function randomHex(): string {
  if (taken === pool.byteLength) {
    pool = randomBytes(RANDOM_BYTES * POOLED_IDS);
    taken = 0;
  }
  taken += RANDOM_BYTES;
  return pool.toString('hex', taken - RANDOM_BYTES, taken);
}

/**
 * A new 24-hex id: 4 bytes of seconds then 8 random bytes, the shape of mail.tm's (Mongo)
 * ids, so ids sort roughly by creation and clients that check the format accept ours.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomHex();
}
