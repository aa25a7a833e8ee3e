import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { ApiTokenService } from './features/api-tokens/create-api-token-service.js';
import type { BillingService } from './features/billing/create-billing-service.js';
import type { ContactService } from './features/contact/create-contact-service.js';
import type { ForwardingService } from './features/forwarding/create-forwarding-service.js';
import type { WebhookService } from './features/webhooks/create-webhook-service.js';
import type { CreateLimiter } from './features/limits/create-limiter.js';
import type { MailboxService } from './features/mailboxes/create-mailbox-service.js';
import type { MailboxTokens } from './features/mailboxes/mailbox-tokens.js';
import type { MessageService } from './features/messages/create-message-service.js';
import type { Mailer } from './features/outbound/create-mailer.js';
import type { RecoveryService } from './features/recovery/create-recovery-service.js';
import type { AccountService } from './features/users/create-account-service.js';
import type { EventBus } from './realtime/event-bus.js';

/**
 * Everything the HTTP app and the other roles are built from (create-services.ts assembles
 * it). The rules live in the feature services; nothing here hands out storage itself.
 */
export interface Services {
  readonly config: Config;
  readonly logger: Logger;
  /** Reading and changing received messages, for every surface (features/messages). */
  readonly messages: MessageService;
  /** Making, finding and claiming mailboxes (features/mailboxes). */
  readonly mailboxes: MailboxService;
  /** Accounts and their sessions (features/users). */
  readonly accounts: AccountService;
  /** Pro users' `/v1` tokens (features/api-tokens). */
  readonly apiTokens: ApiTokenService;
  /** Checkout, webhook and billing portal (features/billing). */
  readonly billing: BillingService;
  /** Forwarding settings and their confirmation (features/forwarding). */
  readonly forwarding: ForwardingService;
  /** Sign-in links and purchase-email confirmation (features/recovery). */
  readonly recovery: RecoveryService;
  /** Pro webhooks and their delivery log (features/webhooks). */
  readonly webhooks: WebhookService;
  /** The contact form (features/contact). */
  readonly contact: ContactService;
  /** Mailbox events for live streams: in-process, or across nodes through Redis. */
  readonly events: EventBus;
  /** Signs and checks the mail.tm surface's bearer JWTs. */
  readonly mailboxTokens: MailboxTokens;
  /** Mail we send: through SMTP_RELAY_URL, or written to DATA_DIR/outbox. */
  readonly mailer: Mailer;
  /** Makes rate limiters: in memory, or shared through Redis when REDIS_URL is set. */
  readonly createLimiter: CreateLimiter;
  readonly database: {
    /** Resolves when the database answers a trivial query (the readiness probe). */
    check(): Promise<void>;
    /** Whether an error means the database cannot be reached right now (worth a retry). */
    isUnavailable(error: unknown): boolean;
  };
  /** The current time in milliseconds; tests pass a controllable clock. */
  readonly now: () => number;
}
