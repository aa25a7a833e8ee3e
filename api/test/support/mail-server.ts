import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startCommitWriter, type CommitWriter } from '../../src/storage/commit-writer.js';
import { createIngest, type Ingest } from '../../src/ingest/ingest-messages.js';
import { createParserPool } from '../../src/ingest/parser-pool.js';
import type { CreateLimiter } from '../../src/features/limits/create-limiter.js';
import type { Services } from '../../src/services.js';
import type { Repositories } from '../../src/storage/repositories/index.js';
import { startSmtp } from '../../src/ingest/start-smtp.js';
import { testBackends, type TestDatabase } from './test-databases.js';
import { buildTestApp, createTestServices } from './test-services.js';

export interface TestMailServer {
  services: Services;
  /** The stores behind the services, for setting state up and reading it back. */
  stores: Repositories;
  database: TestDatabase;
  ingest: Ingest;
  /** Where the ingest commits: on SQLite, a connection of its own in another thread. */
  commits: CommitWriter;
  smtpPort: number;
  httpUrl: string;
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * SMTP, ingest, parsing and the HTTP app, in this process on free ports, over a fresh test
 * database. `env` overrides settings (limits, sizes) for one test file; `createLimiter`
 * replaces the in-memory limiters (with Redis ones, say).
 */
export async function startTestMailServer(
  env: NodeJS.ProcessEnv = {},
  backend = testBackends[0]!,
  createLimiter?: CreateLimiter,
): Promise<TestMailServer> {
  const database = await backend.open();
  const test = createTestServices(database, { SMTP_PORT: '0', ...env });
  const services = createLimiter ? { ...test.services, createLimiter } : test.services;
  const { advance } = test;
  const parser = createParserPool({ size: 1, timeoutMs: services.config.parsing.timeoutMs });
  const commits = await startCommitWriter(database.storage);
  const ingest = createIngest({
    messages: test.stores.messages,
    commitBatch: commits.commitBatch,
    parser,
    bus: services.events,
    logger: services.logger,
    now: services.now,
  });
  const smtp = await startSmtp({
    config: { ...services.config, smtp: { ...services.config.smtp, host: '127.0.0.1' } },
    logger: services.logger,
    mailboxes: test.stores.mailboxes,
    ingest,
    createLimiter: services.createLimiter,
    now: services.now,
  });
  const http: Server = buildTestApp(services).listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    services,
    stores: test.stores,
    database,
    ingest,
    commits,
    smtpPort: smtp.port,
    httpUrl: `http://127.0.0.1:${port}`,
    advance,
    async close() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await smtp.close();
      await ingest.drain().catch(() => undefined);
      await Promise.all([parser.close(), commits.close()]);
      await database.dispose();
    },
  };
}

/** A live mailbox on the test server, created through the repository. */
export async function createTestMailbox(
  server: TestMailServer,
  address: string,
  lifetimeMs = 3_600_000,
) {
  const now = server.services.now();
  return server.stores.mailboxes.create({
    address,
    passwordHash: 'unused',
    ownerUserId: null,
    now,
    expiresAt: now + lifetimeMs,
  });
}
