import type { Mailbox } from '../features/mailboxes/mailbox-store.js';

type FindRecipient = (address: string, now: number) => Promise<Mailbox | undefined>;

const MAX_ENTRIES = 10_000;

/**
 * Remembers live recipients for `ttlMs` (never past their expiry), so a burst of mail to one
 * address costs one look-up. Only hits are kept: an address created a moment ago is found
 * at once. A mailbox deleted within the window still passes RCPT; the commit then stores no
 * copy for it (its other recipients get theirs) and, were it the only one, the sender 550.
 *
 * A mailbox that ends with its first message is kept only once it has ended: until then the
 * commit that ends it (on this node or another) must be seen by the very next RCPT. One that
 * ends at a time is kept like any other; the caller judges it by the time (hasEnded).
 */
export function cacheRecipients(find: FindRecipient, ttlMs: number): FindRecipient {
  const cache = new Map<string, { mailbox: Mailbox; until: number }>();
  return async (address, now) => {
    const hit = cache.get(address);
    if (hit && hit.until > now) return hit.mailbox;
    const mailbox = await find(address, now);
    cache.delete(address);
    if (mailbox && (!mailbox.endsAfterFirstMessage || mailbox.endedAt !== null)) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(address, { mailbox, until: Math.min(now + ttlMs, mailbox.expiresAt) });
    }
    return mailbox;
  };
}
