// The composition root: the only place that reads the environment, opens ports and wires
// the pieces together. Everything it calls is a function of its inputs, which tests build too.
import type { Server } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './http/build-app.js';
import { createLogger } from './logger.js';
import type { Services } from './services.js';
import { migrateToLatest } from './storage/migrate.js';
import { openDatabase } from './storage/open-database.js';
import { createRepositories } from './storage/repositories/index.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const storage = openDatabase(config.database);
  await migrateToLatest(storage);
  const services: Services = {
    config,
    logger,
    storage,
    repositories: createRepositories(storage),
    now: Date.now,
  };

  const app = buildApp(services);
  const { pending } = app.locals.operations as { pending: string[] };
  const server: Server = app.listen(config.http.port, config.http.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  logger.info(
    {
      url: config.publicUrl,
      port: config.http.port,
      database: config.database.kind,
      domains: config.mailDomains,
      operationsNotImplemented: pending.length,
    },
    `TempMail listening on ${config.http.host}:${config.http.port} (docs at ${config.publicUrl}/docs)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing open requests');
    // New connections are refused at once; idle keep-alive sockets go now, busy ones when
    // their request ends, and whatever is still open after the grace period is cut.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
    await closed;
    clearTimeout(grace);
    await storage.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
