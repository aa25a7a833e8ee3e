import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createServices } from '../../src/create-services.js';
import type { Mailer } from '../../src/features/outbound/create-mailer.js';
import type { Services } from '../../src/services.js';
import { buildApp, type BuildAppOptions } from '../../src/http/build-app.js';
import { LocalEventBus } from '../../src/realtime/event-bus.js';
import type { TestDatabase } from './test-databases.js';

/** Services over a test database, with a silent logger and a clock the test can move. */
export function createTestServices(
  database: TestDatabase,
  env: NodeJS.ProcessEnv = {},
  /** A mailer of the test's own in place of the outbox (to hold or fail sending). */
  options: { mailer?: Mailer } = {},
) {
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
  const { services, stores } = createServices({
    config,
    logger,
    storage: database.storage,
    events: new LocalEventBus(),
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
    outboxDir,
    mailer: options.mailer,
    now: () => now,
  });
  return {
    services,
    /** The stores behind the services, for setting state up and reading it back. */
    stores,
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
