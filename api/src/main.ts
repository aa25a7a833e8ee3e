// The composition root: the only place that reads the environment, opens ports and wires
// the pieces together. Everything it calls is a function of its inputs, which tests build too.
import type { Server } from 'node:http';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createServices } from './create-services.js';
import { checkSupportEmail } from './features/contact/check-support-email.js';
import { loadJwtSecret } from './features/mailboxes/load-jwt-secret.js';
import { startCommitWriter } from './storage/commit-writer.js';
import { createIngest } from './ingest/ingest-messages.js';
import { createParserPool } from './ingest/parser-pool.js';
import { buildApp, buildProbeApp } from './http/build-app.js';
import { startForwardingJob } from './jobs/deliver-forwarding.js';
import { startWebhookJob } from './jobs/deliver-webhooks.js';
import { startPurgeJob } from './jobs/purge-expired.js';
import { createLogger } from './logger.js';
import { LocalEventBus, type EventBus } from './realtime/event-bus.js';
import { closeAllEventStreams } from './http/event-stream.js';
import { answerAllLongPolls } from './http/v1/wait-for-next-message.js';
import { sendWaitingSignInsNow } from './http/dashboard-api/send-sign-in-later.js';
import { RedisEventBus } from './realtime/redis-event-bus.js';
import { startSmtp } from './ingest/start-smtp.js';
import { migrateToLatest } from './storage/migrate.js';
import { openDatabase } from './storage/open-database.js';
import { restrictDataDir } from './restrict-permissions.js';

/** How often due forwarding is sent. */
const FORWARDING_INTERVAL_MS = 1_000;
/** How often due webhook deliveries are looked for: a new message's goes out within this. */
const WEBHOOK_INTERVAL_MS = 500;
/** After the grace period, how long the rest of the stop (drain, jobs, database) may take. */
const STOP_DEADLINE_MARGIN_MS = 10_000;

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
  const now = Date.now;
  restrictDataDir(config.dataDir, logger);
  const storage = openDatabase(config.database);
  await migrateToLatest(storage);
  const events: EventBus = config.redisUrl
    ? new RedisEventBus(config.redisUrl, logger)
    : new LocalEventBus();
  // Fails fast instead of queueing while Redis is away: limiters then count in memory.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 250,
      }).on('error', (error: Error) => logger.warn({ err: error.message }, 'redis rate limits'))
    : undefined;
  const { services, stores } = createServices({
    config,
    logger,
    storage,
    events,
    jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
    outboxDir: path.join(config.dataDir, 'outbox'),
    rateLimitRedis,
    now,
  });
  const { role } = config;
  const runs = (part: 'web' | 'smtp' | 'worker') => role === 'all' || role === part;
  const supportEmailProblem = checkSupportEmail({
    supportEmail: config.outbound.supportEmail,
    mailDomains: config.mailDomains,
    reservedLocalParts: config.reservedLocalParts,
  });
  if (supportEmailProblem) logger.warn(supportEmailProblem);
  if (role !== 'all' && !config.redisUrl) {
    logger.warn(
      { role },
      'ROLE is set without REDIS_URL: live events will not reach streams held by other processes',
    );
  }

  // Started before the probes answer: a node that takes mail must be able to write it.
  const commits = runs('smtp') ? await startCommitWriter(storage) : undefined;

  // HTTP: the whole app on web nodes; the probes alone on the others, for health checks.
  const app = runs('web') ? buildApp(services) : buildProbeApp(services);
  const server: Server = app.listen(config.http.port, config.http.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const stopHttp = async () => {
    // New connections are refused at once; event streams end and long polls are answered
    // now, idle keep-alive sockets go now, busy ones when their request ends, and whatever
    // is still open after the grace period is cut.
    const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    closeAllEventStreams();
    answerAllLongPolls();
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
    await httpClosed;
    clearTimeout(grace);
  };

  let smtpPort: number | undefined;
  let stopMail: (() => Promise<void>) | undefined;
  if (commits) {
    const parser = createParserPool({
      size: config.parsing.threads,
      timeoutMs: config.parsing.timeoutMs,
    });
    const ingest = createIngest({
      messages: stores.messages,
      commitBatch: commits.commitBatch,
      parser,
      bus: events,
      logger,
      now,
    });
    const smtp = await startSmtp({
      config,
      logger,
      mailboxes: stores.mailboxes,
      ingest,
      createLimiter: services.createLimiter,
      now,
    });
    smtpPort = smtp.port;
    stopMail = async () => {
      await smtp.close();
      await ingest.drain();
      await Promise.all([parser.close(), commits.close()]);
    };
    // Mail committed before a crash but not parsed yet.
    ingest.recoverPending().then(
      (recovered) => {
        if (recovered > 0)
          logger.info({ recovered }, 'parsed messages left pending by an earlier stop');
      },
      (error: unknown) => logger.error({ err: error }, 'recovery of pending messages failed'),
    );
  }

  let stopJobs: (() => Promise<void>) | undefined;
  if (runs('worker')) {
    const stopPurge = startPurgeJob({
      stores,
      logger,
      now,
      intervalMs: config.purgeIntervalMs,
      renew: (at) => services.billing.renewDemoSubscriptions(at),
    });
    const stopForwarding = startForwardingJob({
      stores,
      mailer: services.mailer,
      logger,
      now,
      intervalMs: FORWARDING_INTERVAL_MS,
    });
    const stopWebhooks = startWebhookJob({
      stores,
      logger,
      now,
      allowPrivate: config.webhookAllowPrivate,
      intervalMs: WEBHOOK_INTERVAL_MS,
    });
    stopJobs = async () => {
      await stopPurge();
      await stopForwarding();
      await stopWebhooks();
    };
  }

  logger.info(
    {
      role,
      url: config.publicUrl,
      http: config.http.port,
      smtp: smtpPort,
      database: config.database.kind,
      events: config.redisUrl ? 'redis' : 'in-process',
      domains: config.mailDomains,
    },
    `TempMail (${role}) listening: HTTP ${config.http.host}:${config.http.port}` +
      (runs('web') ? ` (docs at ${config.publicUrl}/docs)` : ' (probes only)') +
      (smtpPort === undefined ? '' : `, SMTP ${config.smtp.host}:${smtpPort}`),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing open sessions and requests');
    // A database that stops answering (no error, no reply) would hold the drain forever;
    // the orchestrator's SIGKILL would then come with no word in the log.
    setTimeout(() => {
      logger.error('stopping took too long; exiting with work unfinished');
      process.exit(1);
    }, config.shutdownGraceMs + STOP_DEADLINE_MARGIN_MS).unref();
    try {
      // HTTP and SMTP stop taking work together; jobs and shared connections go after.
      await Promise.all([stopHttp(), stopMail?.()]);
      await sendWaitingSignInsNow();
      await stopJobs?.();
      await events.close();
      rateLimitRedis?.disconnect();
      await storage.close();
    } catch (error) {
      logger.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
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
