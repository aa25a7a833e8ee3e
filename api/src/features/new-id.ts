import { randomBytes } from 'node:crypto';

/** Random bytes drawn at once: one call for many ids, as the ingest makes them. */
const POOL_BYTES = 1024;
/** An ordered id's counter takes 3 of the 8 bytes after the seconds. */
const COUNTER_LIMIT = 0x1000000;

let pool = Buffer.alloc(0);
let taken = 0;
/** Starts anywhere, so two processes minting in the same second rarely share a value. */
let counter = randomBytes(3).readUIntBE(0, 3);

/** The next `count` random bytes, in hex, from a pool drawn from the system's secure source. */
function randomHex(count: number): string {
  if (taken + count > pool.byteLength) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += count;
  return pool.toString('hex', taken - count, taken);
}

function hexSeconds(now: number): string {
  return Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
}

/**
 * A new 24-hex id: 4 bytes of seconds then 8 random bytes, the shape of mail.tm's (Mongo)
 * ids, so ids sort roughly by creation and clients that check the format accept ours.
 */
export function newId(now: number = Date.now()): string {
  return hexSeconds(now) + randomHex(8);
}

/**
 * A new id of the same shape that also sorts after the ones this process made before it in
 * the same second: seconds, a 3-byte counter, then 5 random bytes. Made in a row, such ids
 * land together at the end of a primary-key index instead of on a page each: a group commit
 * of 8 messages wrote 44.5 pages to the SQLite WAL with `newId`, 28.8 with these (three
 * tables are keyed by message id). Only for rows reached through their mailbox, whose id
 * is no secret: the counter makes a neighbour's id easier to guess.
 */
export function newOrderedId(now: number = Date.now()): string {
  counter = (counter + 1) % COUNTER_LIMIT;
  return hexSeconds(now) + counter.toString(16).padStart(6, '0') + randomHex(5);
}
