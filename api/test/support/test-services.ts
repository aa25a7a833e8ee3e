import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createMailboxTokens } from '../../src/features/mailboxes/mailbox-tokens.js';
import { buildApp, type BuildAppOptions } from '../../src/http/build-app.js';
import { LocalEventBus } from '../../src/realtime/event-bus.js';
import type { Services } from '../../src/services.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import type { TestDatabase } from './test-databases.js';

/** Services over a test database, with a silent logger and a clock the test can move. */
export function createTestServices(database: TestDatabase, env: NodeJS.ProcessEnv = {}) {
  // Tests fire requests faster than mail.tm's 8 per second; the limit has its own test.
  let now = Date.UTC(2026, 10, 22, 9, 0, 0);
  const services: Services = {
    config: loadConfig({
      DATA_DIR: '/tmp/tempmail-test-unused',
      MAILTM_RATE_LIMIT: '100000',
      ...env,
    }),
    logger: pino({ level: 'silent' }),
    storage: database.storage,
    repositories: createRepositories(database.storage),
    events: new LocalEventBus(),
    mailboxTokens: createMailboxTokens(
      new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      () => now,
    ),
    now: () => now,
  };
  return {
    services,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** The app as tests use it: every response checked against the contract, errors shown. */
export function buildTestApp(services: Services, options: BuildAppOptions = {}) {
  return buildApp(services, { validateResponses: true, exposeInternalErrors: true, ...options });
}
