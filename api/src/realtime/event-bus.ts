import { EventEmitter } from 'node:events';
import type { MessageSummary } from '../storage/repositories/messages.js';

/** What happens to a mailbox, as every node's subscribers (SSE streams) hear of it. */
export type MailboxEvent =
  | { type: 'message.received'; mailboxId: string; message: MessageSummary }
  | { type: 'message.updated'; mailboxId: string; message: MessageSummary }
  | { type: 'message.deleted'; mailboxId: string; message: MessageSummary };

export type MailboxListener = (event: MailboxEvent) => void;

export interface EventBus {
  publish(event: MailboxEvent): void;
  /** Listens to one mailbox; returns the function that stops listening. */
  subscribe(mailboxId: string, listener: MailboxListener): () => void;
  close(): Promise<void>;
}

/** Delivery to this process's subscribers; the Redis bus adds the other nodes. */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; thousands are expected.
    this.emitter.setMaxListeners(0);
  }

  publish(event: MailboxEvent): void {
    this.emitter.emit(event.mailboxId, event);
  }

  subscribe(mailboxId: string, listener: MailboxListener): () => void {
    this.emitter.on(mailboxId, listener);
    return () => this.emitter.off(mailboxId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
