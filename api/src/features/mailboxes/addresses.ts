import { randomInt } from 'node:crypto';
import { BUILT_IN_RESERVED_LOCAL_PARTS } from './reserved-local-parts.js';

/**
 * Which addresses we hand out and accept. Local parts are deliberately plain (letters,
 * digits, dot, hyphen, underscore) so that no quoting, `%` or `!` routing trick can ever
 * name one of our mailboxes.
 */
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

export interface SplitAddress {
  local: string;
  domain: string;
}

/** Splits a lower-cased address at its last `@`; undefined when it has none. */
export function splitAddress(address: string): SplitAddress | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return undefined;
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

export function isMailboxLocalPart(local: string): boolean {
  return LOCAL_PART.test(local) && !local.includes('..');
}

/** The name a subaddress belongs to: `box` for `box+github`. */
export function baseLocalPart(local: string): string {
  const plus = local.indexOf('+');
  return plus > 0 ? local.slice(0, plus) : local;
}

/**
 * The address mail for `local+tag@domain` is delivered to: subaddresses reach their base
 * mailbox, so `box+github@…` works without creating anything.
 */
export function baseAddress({ local, domain }: SplitAddress): string {
  return `${baseLocalPart(local)}@${domain}`;
}

/**
 * Whether `local` may not be registered: a built-in role name or one of the operator's
 * (RESERVED_LOCAL_PARTS, lower-cased). Judged on the base name, since mail for `admin+x@`
 * reaches `admin@`, and regardless of case.
 */
export function isReservedLocalPart(local: string, operatorReserved: readonly string[]): boolean {
  const base = baseLocalPart(local.toLowerCase());
  return BUILT_IN_RESERVED_LOCAL_PARTS.has(base) || operatorReserved.includes(base);
}

const RANDOM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_LENGTH = 10;

/**
 * A random local part for a new address: 10 letters and digits (36^10 ≈ 3.7e15 choices), never
 * a reserved name (`postmaster` and `hostmaster` have ten letters, and the operator's list may
 * hold anything).
 */
export function randomLocalPart(operatorReserved: readonly string[]): string {
  for (;;) {
    let local = '';
    for (let i = 0; i < RANDOM_LENGTH; i += 1) {
      local += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
    }
    if (!isReservedLocalPart(local, operatorReserved)) return local;
  }
}
