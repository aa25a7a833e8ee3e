import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createApiTokenService } from './features/api-tokens/create-api-token-service.js';
import { createBillingService } from './features/billing/create-billing-service.js';
import { createStripeClient } from './features/billing/create-stripe-client.js';
import { createContactService } from './features/contact/create-contact-service.js';
import { createForwardingService } from './features/forwarding/create-forwarding-service.js';
import { createWebhookService } from './features/webhooks/create-webhook-service.js';
import { limiterFactory } from './features/limits/create-limiter.js';
import { createMailboxService } from './features/mailboxes/create-mailbox-service.js';
import { createMailboxTokens } from './features/mailboxes/mailbox-tokens.js';
import { createMessageService } from './features/messages/create-message-service.js';
import { createMailer, type Mailer } from './features/outbound/create-mailer.js';
import { createRecoveryService } from './features/recovery/create-recovery-service.js';
import { mailsToAddressLimiter } from './features/limits/limit-mails-to-address.js';
import type { Transact } from './features/stores.js';
import { createAccountService } from './features/users/create-account-service.js';
import type { EventBus } from './realtime/event-bus.js';
import type { Services } from './services.js';
import { checkDatabase } from './storage/check-database.js';
import { isDatabaseUnavailable } from './storage/errors.js';
import { inTransaction } from './storage/in-transaction.js';
import type { Storage } from './storage/open-database.js';
import { createRepositories, type Repositories } from './storage/repositories/index.js';

export interface ServiceInputs {
  config: Config;
  logger: Logger;
  storage: Storage;
  events: EventBus;
  /** The key that signs mailbox tokens (loadJwtSecret). */
  jwtSecret: Uint8Array;
  /** Where mail goes without SMTP_RELAY_URL. */
  outboxDir: string;
  /** Sends our own mail in place of the configured relay or outbox (tests hold or fail it). */
  mailer?: Mailer;
  /** Shared rate limits; limiters count in memory without it. */
  rateLimitRedis?: Redis;
  now: () => number;
}

/**
 * Builds every feature service over one storage: the one wiring of the app, used by main.ts
 * and by the tests. The stores come back beside the services for the roles that are not HTTP
 * (the ingest, the jobs) and for tests that set up state.
 */
export function createServices(inputs: ServiceInputs): {
  services: Services;
  stores: Repositories;
} {
  const { config, logger, storage, events, now } = inputs;
  const stores = createRepositories(storage);
  const transact: Transact = (work) => inTransaction(storage, work);
  const mailer =
    inputs.mailer ??
    createMailer({
      from: config.outbound.from,
      relayUrl: config.outbound.relayUrl,
      outboxDir: inputs.outboxDir,
      logger,
    });
  const { publicUrl } = config;
  const createLimiter = limiterFactory(inputs.rateLimitRedis);
  const mailsToAddress = mailsToAddressLimiter(createLimiter);
  const recovery = createRecoveryService({
    stores,
    mailer,
    publicUrl,
    mayMailTo: (email) =>
      mailsToAddress.consume(email).then(
        () => true,
        () => false,
      ),
  });
  const services: Services = {
    config,
    logger,
    messages: createMessageService({ store: stores.messages, events, now }),
    mailboxes: createMailboxService({
      stores,
      domains: config.mailDomains,
      reservedLocalParts: config.reservedLocalParts,
    }),
    accounts: createAccountService(stores),
    apiTokens: createApiTokenService(stores),
    billing: createBillingService({
      stores,
      transact,
      stripe: config.stripe && createStripeClient(config.stripe),
      prices: config.prices,
      webhookSecret: config.stripe?.webhookSecret,
      publicUrl,
      recovery,
    }),
    forwarding: createForwardingService({
      stores,
      mailer,
      publicUrl,
      mailDomains: config.mailDomains,
    }),
    recovery,
    webhooks: createWebhookService({ stores, allowPrivate: config.webhookAllowPrivate }),
    contact: createContactService({
      stores,
      mailer,
      supportEmail: config.outbound.supportEmail,
    }),
    events,
    mailboxTokens: createMailboxTokens(inputs.jwtSecret, now),
    mailer,
    createLimiter,
    database: { check: () => checkDatabase(storage), isUnavailable: isDatabaseUnavailable },
    now,
  };
  return { services, stores };
}
