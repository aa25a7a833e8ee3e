import { baseAddress, isMailboxLocalPart, splitAddress } from '../features/mailboxes/addresses.js';

export type RecipientClass =
  /** On one of our domains, in mailbox syntax; `lookup` is the address to find the mailbox by. */
  | { kind: 'local'; lookup: string }
  /** On our domain but cannot be one of our mailboxes: 550 5.1.1. */
  | { kind: 'unknown' }
  /** Elsewhere, or a routing trick aimed elsewhere: 550 5.7.1, we relay nothing. */
  | { kind: 'relay' };

/**
 * Sorts a RCPT TO address before any database look-up. Receive-only means every address
 * that would route beyond us is refused as relaying: another domain, and the old routing
 * forms that smuggle one in (RFC 5321 source routes `@a:b@c`, the `%` hack `b%c@ours`,
 * UUCP bang paths `c!b@ours`, and quoted local parts hiding an `@`).
 */
export function classifyRecipient(address: string, domains: readonly string[]): RecipientClass {
  const lowered = address.trim().toLowerCase();
  if (lowered.startsWith('@') || lowered.includes(':')) return { kind: 'relay' };
  const parts = splitAddress(lowered);
  if (!parts) return { kind: 'unknown' };
  if (!domains.includes(parts.domain)) return { kind: 'relay' };
  if (/[%!@"]/.test(parts.local)) return { kind: 'relay' };
  const base = baseAddress(parts);
  const local = base.slice(0, base.lastIndexOf('@'));
  return isMailboxLocalPart(local) ? { kind: 'local', lookup: base } : { kind: 'unknown' };
}
