import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createStripeClient } from '../../src/features/billing/create-stripe-client.js';
import { createMailboxTokens } from '../../src/features/mailboxes/mailbox-tokens.js';
import { createMessageService } from '../../src/features/messages/create-message-service.js';
import { createMailer } from '../../src/features/outbound/create-mailer.js';
import { buildApp, type BuildAppOptions } from '../../src/http/build-app.js';
import { limiterFactory } from '../../src/features/limits/create-limiter.js';
import { LocalEventBus } from '../../src/realtime/event-bus.js';
import type { Services } from '../../src/services.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import type { TestDatabase } from './test-databases.js';

/** Services over a test database, with a silent logger and a clock the test can move. */
export function createTestServices(database: TestDatabase, env: NodeJS.ProcessEnv = {}) {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-outbox-'));
  const logger = pino({ level: 'silent' });
  let now = Date.UTC(2026, 10, 22, 9, 0, 0);
  const config = loadConfig({
    DATA_DIR: '/tmp/tempmail-test-unused',
    // Tests fire requests faster than mail.tm's 8 per second; the limit has its own test.
    MAILTM_RATE_LIMIT: '100000',
    // Test files make far more addresses from 127.0.0.1 than a visitor; the budget has its own
    // tests (public-rate-limits.test.ts), which set the real defaults back.
    ADDRESS_CREATION_PER_MINUTE: '100000',
    ADDRESS_CREATION_PER_HOUR: '100000',
    ...env,
  });
  const repositories = createRepositories(database.storage);
  const events = new LocalEventBus();
  const services: Services = {
    config,
    logger,
    storage: database.storage,
    repositories,
    messages: createMessageService({
      store: repositories.messages,
      events,
      now: () => now,
    }),
    events,
    mailboxTokens: createMailboxTokens(
      new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      () => now,
    ),
    mailer: createMailer({
      from: 'TempMail <no-reply@tempmail.test>',
      relayUrl: config.outbound.relayUrl,
      outboxDir,
      logger,
    }),
    stripe: config.stripe && createStripeClient(config.stripe),
    createLimiter: limiterFactory(),
    now: () => now,
  };
  return {
    services,
    /** The .eml files the server wrote, oldest first (when no SMTP_RELAY_URL is set). */
    outbox(): { file: string; text: string }[] {
      if (!fs.existsSync(outboxDir)) return [];
      return fs
        .readdirSync(outboxDir)
        .sort()
        .map((file) => ({ file, text: fs.readFileSync(path.join(outboxDir, file), 'utf8') }));
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

/** The app as tests use it: every response checked against the contract, errors shown. */
export function buildTestApp(services: Services, options: BuildAppOptions = {}) {
  return buildApp(services, { validateResponses: true, exposeInternalErrors: true, ...options });
}
