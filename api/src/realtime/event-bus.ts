import type { MailboxEvent } from '../features/messages/message-types.js';

export type MailboxListener = (event: MailboxEvent) => void;

/** Told that events from other nodes may have been missed since `since` (epoch ms). */
export type ResyncListener = (since: number) => void;

export interface EventBus {
  publish(event: MailboxEvent): void;
  /** Listens to one mailbox; returns the function that stops listening. */
  subscribe(mailboxId: string, listener: MailboxListener): () => void;
  /**
   * Listens for the end of a gap in delivery (Redis was away): events published meanwhile
   * did not arrive, so a stream reads what it missed from the database. Returns the
   * function that stops listening.
   */
  onResync(listener: ResyncListener): () => void;
  close(): Promise<void>;
}

/**
 * Listeners called in one go. Past this many, the rest of a delivery continues on the next
 * turns of the event loop: each turn's writes leave for their sockets when the turn ends,
 * so the first streams of a crowded mailbox are not held back until the last one is
 * written, and other work (SMTP replies, requests) is not stalled meanwhile.
 */
const DELIVERY_SLICE = 500;

/** Delivery to this process's subscribers; the Redis bus adds the other nodes. */
export class LocalEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<MailboxListener>>();

  publish(event: MailboxEvent): void {
    const subscribed = this.listeners.get(event.mailboxId);
    if (!subscribed) return;
    // A copy, checked as it goes: a stream may close while a long delivery runs.
    const pending = [...subscribed];
    const deliver = (from: number) => {
      const to = Math.min(from + DELIVERY_SLICE, pending.length);
      for (let index = from; index < to; index += 1) {
        const listener = pending[index]!;
        if (subscribed.has(listener)) listener(event);
      }
      if (to < pending.length) setImmediate(deliver, to);
    };
    deliver(0);
  }

  subscribe(mailboxId: string, listener: MailboxListener): () => void {
    let subscribed = this.listeners.get(mailboxId);
    if (!subscribed) {
      subscribed = new Set();
      this.listeners.set(mailboxId, subscribed);
    }
    // Each subscription is its own entry, even for the same function.
    const entry: MailboxListener = (event) => listener(event);
    subscribed.add(entry);
    return () => {
      subscribed.delete(entry);
      if (subscribed.size === 0 && this.listeners.get(mailboxId) === subscribed) {
        this.listeners.delete(mailboxId);
      }
    };
  }

  /** One process misses nothing of its own: there is never a gap to announce. */
  onResync(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
