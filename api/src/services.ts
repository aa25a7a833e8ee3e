import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Config } from './config.js';
import type { MessageService } from './features/messages/create-message-service.js';
import type { MailboxTokens } from './features/mailboxes/mailbox-tokens.js';
import type { Mailer } from './features/outbound/create-mailer.js';
import type { CreateLimiter } from './features/limits/create-limiter.js';
import type { EventBus } from './realtime/event-bus.js';
import type { Storage } from './storage/open-database.js';
import type { Repositories } from './storage/repositories/index.js';

/** Everything the HTTP app and the other roles are built from; main.ts assembles it. */
export interface Services {
  readonly config: Config;
  readonly logger: Logger;
  readonly storage: Storage;
  readonly repositories: Repositories;
  /** Reading and changing received messages, for every surface (features/messages). */
  readonly messages: MessageService;
  /** Mailbox events for live streams: in-process, or across nodes through Redis. */
  readonly events: EventBus;
  /** Signs and checks the mail.tm surface's bearer JWTs. */
  readonly mailboxTokens: MailboxTokens;
  /** Mail we send: through SMTP_RELAY_URL, or written to DATA_DIR/outbox. */
  readonly mailer: Mailer;
  /** Makes rate limiters: in memory, or shared through Redis when REDIS_URL is set. */
  readonly createLimiter: CreateLimiter;
  /** The Stripe SDK when STRIPE_SECRET_KEY is set; payments use the demo checkout otherwise. */
  readonly stripe: Stripe | undefined;
  /** The current time in milliseconds; tests pass a controllable clock. */
  readonly now: () => number;
}
