/** A Pro user's webhook: where each new message of one address (or of all) is POSTed. */
export interface Webhook {
  id: string;
  userId: string;
  /** The one address it is for; null: every address of the user. */
  mailboxId: string | null;
  url: string;
  /** Signs each delivery (sign-webhook.ts); shown to its owner once. */
  secret: string;
  createdAt: number;
  /** Set when it was turned off after repeated failures; nothing is queued meanwhile. */
  disabledAt: number | null;
  disabledReason: string | null;
  /** Failed attempts in a row, across deliveries; a delivered one resets it. */
  failures: number;
}

export type WebhookEvent = 'message.received' | 'webhook.test';
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One POST to make, and what came of it. Its id is the idempotency key the receiver sees
 * (`TempMail-Delivery`): the same on every attempt.
 */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  event: WebhookEvent;
  /** The message it tells of (message.received). */
  messageId: string | null;
  /** The JSON body, fixed at the first attempt so every retry sends the same bytes. */
  payload: string | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  createdAt: number;
  deliveredAt: number | null;
}

/** A due delivery a worker holds, with its webhook, until `leasedUntil`. */
export interface ClaimedDelivery extends WebhookDelivery {
  webhook: Webhook;
  leasedUntil: number;
}

/** What one attempt came to. */
export interface AttemptOutcome {
  payload: string;
  delivered: boolean;
  /**
   * The receiver failed (an error answer, none, or a refused target), which counts toward
   * turning the webhook off; not when there was nothing to send.
   */
  receiverFailed: boolean;
  status: number | null;
  error: string | null;
  durationMs: number | null;
  /** When to try again; null: no more tries (delivered, or given up). */
  retryAt: number | null;
  now: number;
}

/**
 * Webhooks and their durable delivery queue (storage/repositories/webhooks.ts implements it;
 * message deliveries are queued by the ingest in the transaction that saves a parse).
 */
export interface WebhookStore {
  create(
    webhook: Pick<Webhook, 'id' | 'userId' | 'mailboxId' | 'url' | 'secret' | 'createdAt'>,
  ): Promise<Webhook>;
  listForUser(userId: string): Promise<Webhook[]>;
  find(id: string, userId: string): Promise<Webhook | undefined>;
  update(
    id: string,
    changes: Partial<Pick<Webhook, 'secret' | 'disabledAt' | 'disabledReason' | 'failures'>>,
  ): Promise<void>;
  remove(id: string, userId: string): Promise<boolean>;
  /** Queues a delivery that names no message ("Send test"), due now. */
  queueTest(webhookId: string, id: string, now: number): Promise<WebhookDelivery>;
  /** The newest deliveries of a webhook, newest first. */
  listDeliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]>;
  /** Claims up to `limit` due deliveries of enabled webhooks for `leaseMs`. */
  claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /**
   * Records an attempt on a claimed delivery, and on its webhook the run of failures (reset
   * by a delivery, disabled at `disableAfter` in a row).
   */
  recordAttempt(
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    disableAfter: number,
  ): Promise<void>;
}
