import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { MailboxEvent } from '../features/messages/message-types.js';
import {
  LocalEventBus,
  type EventBus,
  type MailboxListener,
  type ResyncListener,
} from './event-bus.js';

const CHANNEL = 'tempmail:mailbox-events';

interface Envelope {
  node: string;
  event: MailboxEvent;
}

/**
 * Events for subscribers on every node. Local subscribers are served at once, without a
 * round trip and whether or not Redis answers; the event also goes to Redis for the other
 * nodes, which ignore what they published themselves. While Redis is down, cross-node
 * delivery pauses and resumes by itself when it returns (ioredis reconnects and resubscribes);
 * what was published meanwhile is lost to the other nodes, so once subscribed again the bus
 * tells its resync listeners when the gap began, and streams read the rest from the database.
 */
export class RedisEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly node = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly resyncListeners = new Set<ResyncListener>();
  /** When the subscription was lost, while it is. */
  private lostAt: number | undefined;

  constructor(
    url: string,
    private readonly logger: Logger,
  ) {
    // No offline queue: an event published while Redis is away is dropped, not delivered
    // late in a burst (clients poll as a fallback, and local delivery already happened).
    this.publisher = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) =>
        this.logger.warn({ err: error.message }, 'redis event bus'),
      );
    }
    void this.subscriber
      .subscribe(CHANNEL)
      .catch((error: Error) =>
        this.logger.warn(
          { err: error.message },
          'redis event bus: subscribe failed; will retry on reconnect',
        ),
      );
    this.subscriber.on('close', () => {
      this.lostAt ??= Date.now();
    });
    this.subscriber.on('ready', () => {
      const since = this.lostAt;
      if (since === undefined) return;
      // Subscribed again (the reply, not just the request) before anyone reads the gap, so
      // no event falls between the read and the live delivery.
      this.subscriber.subscribe(CHANNEL).then(
        () => {
          this.lostAt = undefined;
          this.logger.info({ since }, 'redis event bus: back; streams catch up');
          for (const listener of this.resyncListeners) listener(since);
        },
        (error: Error) =>
          this.logger.warn({ err: error.message }, 'redis event bus: resubscribe failed'),
      );
    });
    this.subscriber.on('message', (_channel: string, payload: string) => {
      try {
        const envelope = JSON.parse(payload) as Envelope;
        if (envelope.node !== this.node) this.local.publish(envelope.event);
      } catch (error) {
        this.logger.warn({ err: String(error) }, 'redis event bus: unreadable event');
      }
    });
  }

  publish(event: MailboxEvent): void {
    this.local.publish(event);
    const envelope: Envelope = { node: this.node, event };
    this.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
      this.logger.warn(
        { err: error.message },
        'redis event bus: publish failed; other nodes miss this event',
      );
    });
  }

  subscribe(mailboxId: string, listener: MailboxListener): () => void {
    return this.local.subscribe(mailboxId, listener);
  }

  onResync(listener: ResyncListener): () => void {
    const entry: ResyncListener = (since) => listener(since);
    this.resyncListeners.add(entry);
    return () => this.resyncListeners.delete(entry);
  }

  async close(): Promise<void> {
    this.resyncListeners.clear();
    await this.local.close();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
