// `npm run bench -- soak`: the service as it would be deployed, run for ten minutes under a
// mixed load with two faults in the middle, to find what short benchmarks cannot: lost mail,
// errors that persist after a fault, memory that only grows. Issue 8, item 4.
//
//   nodes    two web nodes, one SMTP node, one worker (ROLE=...), each its own process
//            started as the tests start the server, on a scratch PostgreSQL schema and a
//            redis-server of our own (soak-cluster.ts)
//   load     SMTP at 20 messages/s over 8 connections to mailboxes made through the API;
//            10 polls/s (/v1/messages with its ETag, and mail.tm's /messages); 1 address/s
//            (/v1/generate-email, and mail.tm's /accounts + /token); 300 /v1/events streams
//            on 30 mailboxes, half on each web node, reconnecting with Last-Event-ID
//   faults   at 30% of the run, redis-server stopped for 5 s and started on the same port;
//            at 60%, web node A stopped (SIGTERM) and started again on the same port
//   verdict  every message answered 250 is in the database, and no HTTP answer outside a
//            fault window (the fault and 10 s after it) was a 5xx; no node died
//
// `-- soak --minutes N` (or SOAK_MINUTES=N) sets the length; PostgreSQL comes from
// BENCH_DATABASE_URL or TEST_DATABASE_URL (else the local `test` database).
import fs from 'node:fs';
import os from 'node:os';
import { SoakClients, atSteadyRate, type SoakMailbox } from './soak-clients.js';
import { SoakCluster, type NodeName } from './soak-cluster.js';
import { FAULT_GRACE_MS, SoakRecorder, type LatencyFigures } from './soak-recorder.js';
import { sendSteadily } from './soak-smtp.js';
import { readStoredMail } from './soak-stored-mail.js';
import { countMissingFrames, tallyFrames, type AcknowledgedMessage } from './soak-frames.js';
import { openSoakStreams } from './soak-streams.js';

const DEFAULT_MINUTES = 10;
const SMTP_PER_SECOND = 20;
const SMTP_CONNECTIONS = 8;
const POLLS_PER_SECOND = 10;
const GENERATES_PER_SECOND = 1;
const STREAM_MAILBOXES = 30;
const STREAMS_PER_MAILBOX = 10;
const REDIS_DOWN_MS = 5_000;
/** After the load: how long stored mail may take to be parsed, and frames to arrive. */
const DRAIN_TIMEOUT_MS = 60_000;
const FRAMES_TIMEOUT_MS = 15_000;

/** High enough that no limit is reached by the load; the limiters stay in the path. */
const SERVER_ENV = {
  MAILTM_RATE_LIMIT: '1000000',
  API_FREE_REQUESTS_PER_HOUR: '1000000000',
  API_PRO_REQUESTS_PER_HOUR: '1000000000',
  API_BURST_REQUESTS_PER_MINUTE: '1000000000',
  // Every generated address comes from 127.0.0.1, far past a visitor's budget.
  ADDRESS_CREATION_PER_MINUTE: '1000000000',
  ADDRESS_CREATION_PER_HOUR: '1000000000',
  SMTP_MAX_CONNECTIONS_PER_IP: '200',
  // The worker's purge runs often, so its queries meet the load.
  PURGE_INTERVAL_MS: '10000',
  LOG_LEVEL: 'warn',
};

function minutesWanted(): number {
  const index = process.argv.indexOf('--minutes');
  const given = index >= 0 ? process.argv[index + 1] : process.env.SOAK_MINUTES;
  if (given === undefined) return DEFAULT_MINUTES;
  const minutes = Number(given);
  if (!Number.isFinite(minutes) || minutes <= 0) {
    throw new Error(`--minutes / SOAK_MINUTES must be a positive number, not "${given}"`);
  }
  return minutes;
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
}

/** Message `n`: about 2 KB of plain text, its number in the subject for the streams. */
function soakMessage(n: number, to: string): Buffer {
  return Buffer.from(
    `From: Soak Shop <no-reply@shop.example>\r\nTo: ${to}\r\nSubject: soak ${n}\r\n` +
      `Message-ID: <soak-${n}-${process.pid}@bench.example>\r\nDate: ${new Date().toUTCString()}\r\n` +
      `MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
      `Your code is ${100_000 + n}.\r\n${'This line makes the message about two kilobytes.\r\n'.repeat(38)}`,
  );
}

function formatErrors(errors: Record<string, number>): string {
  return Object.entries(errors)
    .map(([kind, count]) => `${kind} x${count}`)
    .join(', ');
}

function p99(figures: LatencyFigures): string {
  return figures.count === 0 ? '-' : `${Math.round(figures.p99Ms)}`;
}

async function runSoak(cluster: SoakCluster, minutes: number): Promise<boolean> {
  const recorder = new SoakRecorder();
  const web: NodeName[] = ['web-a', 'web-b'];
  const webUrls = web.map((name) => `http://127.0.0.1:${cluster.port(name)}`);
  const smtpPort = cluster.node('smtp').smtpPort;

  const setup = new SoakClients(recorder, webUrls, []);
  const fixed: SoakMailbox[] = [];
  for (let i = 0; i < STREAM_MAILBOXES; i++) fixed.push(await setup.generateV1(i));
  const clients = new SoakClients(recorder, webUrls, fixed);

  const acknowledged = new Map<number, AcknowledgedMessage>();
  /** Frames that arrived before their message's 250 was read. */
  const early = new Map<number, number[]>();
  const streams = await openSoakStreams({
    targets: Array.from({ length: STREAM_MAILBOXES * STREAMS_PER_MAILBOX }, (_, i) => {
      const node = web[i % web.length]!;
      const mailbox = Math.floor(i / STREAMS_PER_MAILBOX);
      return { node, port: cluster.port(node), token: fixed[mailbox]!.token, mailbox };
    }),
    inFlight: 20,
    recorder,
    onFrame(_stream, n, heardAt) {
      const message = acknowledged.get(n);
      if (message) recorder.delivered(message.acknowledgedAt, heardAt);
      else early.set(n, [...(early.get(n) ?? []), heardAt]);
    },
  });
  const streamCount = streams.streams.length;
  console.log(`${streams.openNow()}/${streamCount} event streams open; load starts`);

  const started = performance.now();
  const until = started + minutes * 60_000;
  const intervalMs = Math.min(30_000, Math.max(10_000, (minutes * 60_000) / 10));
  const seconds = (at: number) => Math.round((at - started) / 1000);
  let attempted = 0;
  const refused: Record<string, number> = {};

  const smtp = sendSteadily({
    port: smtpPort,
    connections: SMTP_CONNECTIONS,
    perSecond: SMTP_PER_SECOND,
    until,
    recipient: (n) =>
      n % 2 === 0
        ? fixed[(n / 2) % STREAM_MAILBOXES]!.address
        : (clients.randomRecipient() ?? fixed[n % STREAM_MAILBOXES]!.address),
    build: soakMessage,
    onResult(message) {
      attempted++;
      recorder.record('smtp', message.startedAt, message.outcome);
      if (message.acknowledgedAt === undefined) {
        refused[message.outcome] = (refused[message.outcome] ?? 0) + 1;
        return;
      }
      const streamMailbox = fixed.findIndex((mailbox) => mailbox.address === message.to);
      acknowledged.set(message.n, {
        to: message.to,
        acknowledgedAt: message.acknowledgedAt,
        ...(streamMailbox >= 0 ? { streamMailbox } : {}),
      });
      for (const heardAt of early.get(message.n) ?? [])
        recorder.delivered(message.acknowledgedAt, heardAt);
      early.delete(message.n);
    },
  });
  const polls = atSteadyRate({
    perSecond: POLLS_PER_SECOND,
    until,
    operation: 'poll',
    recorder,
    task: (i) => clients.poll(i),
  });
  const generation = atSteadyRate({
    perSecond: GENERATES_PER_SECOND,
    until,
    operation: 'generate',
    recorder,
    task: (i) => clients.generate(i),
  });
  const faults = (async () => {
    await sleepUntil(started + minutes * 60_000 * 0.3);
    console.log(
      `[${seconds(performance.now())}s] fault: stopping redis-server for ${REDIS_DOWN_MS / 1000} s`,
    );
    await cluster.restartRedis(
      REDIS_DOWN_MS,
      () => recorder.faultStarted('redis restart'),
      () => recorder.faultEnded('redis restart'),
    );
    console.log(`[${seconds(performance.now())}s] fault: redis-server is back`);
    await sleepUntil(started + minutes * 60_000 * 0.6);
    console.log(`[${seconds(performance.now())}s] fault: SIGTERM to web-a`);
    await cluster.restartNode('web-a', {
      down: () => recorder.faultStarted('web-a restart'),
      exited: () => console.log(`[${seconds(performance.now())}s] fault: web-a has exited`),
      up: () => recorder.faultEnded('web-a restart'),
    });
    console.log(`[${seconds(performance.now())}s] fault: web-a answers again`);
  })();

  const intervals: Record<string, unknown>[] = [];
  const report = (from: number, to: number) => {
    const outcomes = recorder.outcomes(from, to);
    const errors = recorder.errors(from, to);
    const latency = {
      smtp: recorder.latencies('smtp', from, to),
      poll: recorder.latencies('poll', from, to),
      generate: recorder.latencies('generate', from, to),
      event: recorder.latencies('event', from, to),
    };
    const rssMb = cluster.rssNow();
    const fault = recorder.faultNames(from, to).join(', ');
    console.log(
      `[${String(seconds(to)).padStart(4)}s] smtp ${outcomes.smtp.ok} ok p99 ${p99(latency.smtp)} ms | ` +
        `poll ${outcomes.poll.ok} p99 ${p99(latency.poll)} ms | gen ${outcomes.generate.ok} p99 ${p99(latency.generate)} ms | ` +
        `events ${latency.event.count} p99 ${p99(latency.event)} ms | streams ${streams.openNow()}/${streamCount} | ` +
        `RSS MB ${Object.entries(rssMb)
          .map(([name, mb]) => `${name} ${Number.isNaN(mb) ? '-' : mb}`)
          .join(' ')}` +
        (fault ? ` | fault: ${fault}` : ''),
    );
    const failures = { ...errors.duringFaults, ...errors.outside };
    if (Object.keys(failures).length > 0) console.log(`        errors: ${formatErrors(failures)}`);
    intervals.push({
      toS: seconds(to),
      ok: Object.fromEntries(Object.entries(outcomes).map(([name, each]) => [name, each.ok])),
      p99Ms: Object.fromEntries(
        Object.entries(latency).map(([name, figures]) => [name, figures.p99Ms]),
      ),
      errors,
      streamsOpen: streams.openNow(),
      rssMb,
    });
  };
  const ticker = (async () => {
    for (let from = started; from < until; from += intervalMs) {
      const to = Math.min(from + intervalMs, until);
      await sleepUntil(to);
      report(from, to);
    }
  })();

  await Promise.all([smtp, polls, generation, faults, ticker]);
  const loadSeconds = (performance.now() - started) / 1000;
  console.log(`load over after ${loadSeconds.toFixed(0)} s; waiting for the mail to settle`);

  const stored = await readStoredMail(cluster.databaseUrl, acknowledged.size, DRAIN_TIMEOUT_MS);
  // Frames still on their way after the last messages.
  const framesDeadline = performance.now() + FRAMES_TIMEOUT_MS;
  while (
    countMissingFrames(streams.streams, acknowledged) > 0 &&
    performance.now() < framesDeadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  streams.close();

  const { events, missedOutside } = tallyFrames(streams.streams, acknowledged, recorder);
  const lostNumbers = [...acknowledged.keys()].filter((n) => !stored.numbers.has(n));
  const duplicates = [...stored.numbers.values()].filter((count) => count > 1).length;
  const storedUnacknowledged = [...stored.numbers.keys()].filter(
    (n) => !acknowledged.has(n),
  ).length;
  const errors = recorder.errors();
  const unexpected5xx = recorder.unexpected5xx();
  const serverErrorLogs = { duringFaults: 0, outside: 0 };
  for (const line of cluster.errorLines) {
    serverErrorLogs[recorder.inFault(line.at) ? 'duringFaults' : 'outside']++;
  }
  const latencyMs = recorder.latenciesByWindow();

  console.log(
    `faults: ${recorder
      .faultWindows(started)
      .map((w) => `${w.name} ${w.fromS}-${w.toS} s`)
      .join(', ')} (each window + ${FAULT_GRACE_MS / 1000} s grace)`,
  );
  console.log(
    `mail: ${attempted} sent, ${acknowledged.size} answered 250, ${stored.total} stored ` +
      `(${stored.pending} unparsed, ${stored.failed} failed to parse), ${lostNumbers.length} lost, ` +
      `${duplicates} stored twice, ${storedUnacknowledged} stored without a 250` +
      (Object.keys(refused).length > 0 ? `; not accepted: ${formatErrors(refused)}` : ''),
  );
  if (lostNumbers.length > 0)
    console.log(`  lost message numbers: ${lostNumbers.slice(0, 50).join(', ')}`);
  console.log(
    `events: ${events.received}/${events.expected} frames expected by open streams arrived; ` +
      `missing ${events.missingDuringFaults} during faults (${formatErrors(events.missingByFault) || 'none'}), ` +
      `${events.missingOutside} outside`,
  );
  for (const [n, nodes] of [...missedOutside].slice(0, 10)) {
    const message = acknowledged.get(n)!;
    console.log(
      `  message ${n} (acknowledged at ${((message.acknowledgedAt - started) / 1000).toFixed(1)} s) ` +
        `missed by ${nodes.length} streams: ${nodes.filter((node) => node === 'web-a').length} on web-a, ` +
        `${nodes.filter((node) => node === 'web-b').length} on web-b`,
    );
  }
  console.log(`errors during faults: ${formatErrors(errors.duringFaults) || 'none'}`);
  console.log(`errors outside faults: ${formatErrors(errors.outside) || 'none'}`);
  console.log('p99 ms          outside  during faults');
  for (const [operation, split] of Object.entries(latencyMs)) {
    console.log(
      `  ${operation.padEnd(12)} ${p99(split.outside).padStart(7)}  ${p99(split.duringFaults).padStart(7)}   (n ${split.outside.count} / ${split.duringFaults.count})`,
    );
  }
  for (const crash of cluster.crashes) {
    console.log(`CRASH: ${crash.node} exited (code ${crash.code}, signal ${crash.signal}):`);
    for (const line of crash.tail) console.log(`  ${line}`);
  }
  if (serverErrorLogs.outside > 0) {
    console.log(`server error logs outside faults (first 5 of ${serverErrorLogs.outside}):`);
    for (const line of cluster.errorLines.filter((each) => !recorder.inFault(each.at)).slice(0, 5))
      console.log(`  ${line.node}: ${line.line}`);
  }

  await cluster.stop();
  const peakRssMb = cluster.peakRss();
  console.log(
    `peak RSS MB: ${Object.entries(peakRssMb)
      .map(([name, mb]) => `${name} ${mb}`)
      .join(', ')}`,
  );
  const pass = lostNumbers.length === 0 && unexpected5xx === 0 && cluster.crashes.length === 0;
  // The nodes' logs (warnings and errors) are kept only when there is something to look into.
  if (pass) fs.rmSync(cluster.logDir, { recursive: true, force: true });
  else console.log(`node logs kept in ${cluster.logDir}`);
  console.log(
    JSON.stringify({
      bench: 'soak',
      pass,
      minutes,
      loadSeconds: Math.round(loadSeconds),
      loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
      load: {
        smtpPerSecond: SMTP_PER_SECOND,
        smtpConnections: SMTP_CONNECTIONS,
        pollsPerSecond: POLLS_PER_SECOND,
        generatesPerSecond: GENERATES_PER_SECOND,
        streams: streamCount,
        streamMailboxes: STREAM_MAILBOXES,
      },
      faults: recorder.faultWindows(started),
      faultGraceS: FAULT_GRACE_MS / 1000,
      lost: lostNumbers.length,
      unexpected5xx,
      crashes: cluster.crashes.map(({ node, code, signal }) => ({ node, code, signal })),
      messages: {
        sent: attempted,
        acknowledged: acknowledged.size,
        stored: stored.total,
        storedAcknowledged: acknowledged.size - lostNumbers.length,
        storedTwice: duplicates,
        storedWithout250: storedUnacknowledged,
        unparsed: stored.pending,
        parseFailed: stored.failed,
        notAccepted: refused,
      },
      events,
      errors,
      serverErrorLogs,
      latencyMs,
      intervals,
      peakRssMb,
      logDir: pass ? null : cluster.logDir,
    }),
  );
  return pass;
}

let cluster: SoakCluster | undefined;

function onInterrupt(): void {
  console.log('interrupted: stopping the nodes and Redis, dropping the scratch schema');
  void (cluster?.stop() ?? Promise.resolve()).finally(() => {
    if (cluster) fs.rmSync(cluster.logDir, { recursive: true, force: true });
    process.exit(130);
  });
}

function onExit(): void {
  cluster?.killNow();
}

export const soakBench = {
  describe:
    'Soak: 2 web nodes, an SMTP node and a worker on PostgreSQL and our own Redis; SMTP 20 msg/s, polls, 300 event streams, ' +
    'address generation; a Redis and a web-node restart midway. 10 minutes; --minutes N or SOAK_MINUTES=N',
  async run() {
    const minutes = minutesWanted();
    const databaseUrl =
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test';
    process.once('SIGINT', onInterrupt);
    process.once('SIGTERM', onInterrupt);
    process.once('exit', onExit);
    try {
      console.log(
        `soak: ${minutes} min on 127.0.0.1, ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(2)}; starting the nodes`,
      );
      cluster = new SoakCluster();
      await cluster.start(databaseUrl, SERVER_ENV);
      if (!(await runSoak(cluster, minutes))) process.exitCode = 1;
    } catch (error) {
      console.log(`node logs kept in ${cluster?.logDir}`);
      throw error;
    } finally {
      await cluster?.stop();
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onInterrupt);
    }
  },
};
