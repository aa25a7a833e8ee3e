// `npm run bench -- smtp`: our SMTP ingest beside its ceilings and a peer, in one run, with
// one load generator (tests/bench/smtp-load.ts) on 127.0.0.1 for all of them. Issue 24.
//
//   ours      the built server: committed durably (SQLite, synchronous=FULL), parsed, event
//             published; its rate counts until the last event reaches a subscribed client
//   maildev   MailDev 2.2.1 (the peer), which answers 250 before it stores anything
//   discard   the same smtp-server set-up throwing each message away (our ceiling)
//   smtp-sink Postfix's protocol sink (the protocol's ceiling)
//
// The target ratio (2 KB, 20 connections, ours / MailDev) is the median of ROUNDS rounds:
// both servers started and warmed once, then measured in turn, the order reversed every
// other round, so a machine that slows midway weighs on both alike. CPU per message is the
// server process's CPU time (every thread) over the messages, the load generator not in it.
// Under the target, its budget: what 1.2 x MailDev asks of ours on this machine in CPU a
// message and in a connection's cycle, beside what ours spends (targetBudget).
// `-- smtp --quick` sends fewer messages.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { bin, repoRoot } from '../support/paths.js';
import { startServer } from '../support/start-server.js';
import { mean, percentile, runLoad, type LoadResult } from './smtp-load.js';
import {
  peakRssMb,
  processCpuMs,
  startDiscardServer,
  startMailDev,
  startSmtpSink,
  type Peer,
} from './smtp-peers.js';
import { median, verdict } from './verdict.js';

const TO = 'bench@tempmail.test';
const CONNECTIONS = 20;
const WIDE_CONNECTIONS = 100;
const ROUNDS = 5;

const TARGETS = {
  ingest2KbVsMaildev: 1.2,
  cpuMsPerMessage: 0.4,
  eventP99Ms: 50,
  rss25MbDeltaMb: 100,
};

interface Size {
  name: string;
  count: number;
  build: (n: number) => Buffer;
}

function headers(n: number, contentType: string): string {
  return (
    `From: Bench Shop <no-reply@shop.example>\r\nTo: ${TO}\r\nSubject: bench-${n}\r\n` +
    `Message-ID: <bench-${n}@shop.example>\r\nDate: Sun, 22 Nov 2026 09:00:00 +0000\r\n` +
    `MIME-Version: 1.0\r\nContent-Type: ${contentType}\r\n`
  );
}

const verificationText = `Your verification code is 482913. It expires in 10 minutes.\r\n${'Thanks for signing up with Bench Shop.\r\n'.repeat(45)}`;
const htmlBody = `<html><body>${'<p style="color:#333">Weekly offers from Bench Shop: <a href="https://shop.example/p">see more</a></p>\r\n'.repeat(1_150)}</body></html>`;

function attachmentBody(bytes: number): string {
  return randomBytes(bytes).toString('base64').replace(/.{76}/g, '$&\r\n');
}
const tenMbAttachment = attachmentBody(7_500_000);

function withAttachment(n: number, encoded: string): Buffer {
  return Buffer.from(
    `${headers(n, 'multipart/mixed; boundary="b1"')}\r\n--b1\r\nContent-Type: text/plain\r\n\r\nThe file is attached.\r\n` +
      `--b1\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="data.bin"\r\n` +
      `Content-Transfer-Encoding: base64\r\n\r\n${encoded}\r\n--b1--\r\n`,
  );
}

function sizes(quick: boolean) {
  const twoKb: Size = {
    name: '2KB',
    count: quick ? 2_000 : 4_000,
    build: (n) => Buffer.from(`${headers(n, 'text/plain; charset=utf-8')}\r\n${verificationText}`),
  };
  const hundredKb: Size = {
    name: '100KB',
    count: quick ? 100 : 400,
    build: (n) => Buffer.from(`${headers(n, 'text/html; charset=utf-8')}\r\n${htmlBody}`),
  };
  const tenMb: Size = {
    name: '10MB',
    count: quick ? 4 : 10,
    build: (n) => withAttachment(n, tenMbAttachment),
  };
  return { twoKb, hundredKb, tenMb };
}

/**
 * 2 KB messages every server gets before it is measured. V8 is still optimizing our server's
 * code after the first thousand: its compiler threads took 0.26 ms of CPU per message after
 * 500 messages, 0.05 ms after 15 000. A server that runs for days is measured warm.
 */
const warmUpMessages = (quick: boolean) => (quick ? 4_000 : 8_000);

/**
 * 100 KB messages every server gets after the 2 KB ones, so the code of large mail is warm
 * too: HTML to text, and in ours a second parser thread, which starts only once large or
 * slow mail holds up the first (ADR 0014). Measured cold, its start-up and compilation
 * weighed on the 400 messages of the 100 KB load alone.
 */
const LARGE_WARM_UP_MESSAGES = 200;

interface Figures {
  messagesPerSecond: number;
  /** From the end of DATA to the 250. */
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  /** A connection's time a message: envelope, data and 250 (each has one in flight). */
  cycleMs: number;
  peakRssMb: number;
  cpuMsPerMessage: number;
  /** The bench's own CPU a message: the sender, and for ours the event subscriber. */
  senderCpuMsPerMessage: number;
}

/** A server under test, started and warmed once, then loaded as often as needed. */
interface Receiver {
  readonly pid: number | undefined;
  /** Sends `count` messages of `size` over `connections`; the server's figures for them. */
  measure(size: Size, connections: number, count?: number): Promise<Figures>;
  stop(): Promise<void>;
}

function figures(load: LoadResult, seconds: number, pid: number | undefined, cpuMs: number) {
  return {
    messagesPerSecond: Math.round(load.messages / seconds),
    meanMs: Number(mean(load.latencies).toFixed(2)),
    p50Ms: Number(percentile(load.latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(load.latencies, 99).toFixed(2)),
    cycleMs: Number(((load.connections * load.seconds * 1000) / load.messages).toFixed(2)),
    peakRssMb: peakRssMb(pid),
    cpuMsPerMessage: Number((cpuMs / load.messages).toFixed(3)),
    senderCpuMsPerMessage: Number((load.senderCpuMs / load.messages).toFixed(3)),
  };
}

/** Every load is numbered apart, so that its events are told from the ones before. */
let nextNumber = 0;
function numbered(size: Size, count: number): { first: number; build: (n: number) => Buffer } {
  const first = nextNumber;
  nextNumber += count;
  return { first, build: (n) => size.build(first + n) };
}

/** Our server with one mailbox and a live Mercure stream that notes when each event lands. */
async function startOurs(warmUp: number) {
  const server = await startServer({
    built: true,
    env: { MAILTM_RATE_LIMIT: '1000000', SMTP_MAX_CONNECTIONS_PER_IP: '200', LOG_LEVEL: 'error' },
  });
  const headersJson = { 'Content-Type': 'application/json' };
  const credentials = JSON.stringify({ address: TO, password: 'bench-password' });
  const { id } = (await (
    await fetch(`${server.url}/accounts`, {
      method: 'POST',
      headers: headersJson,
      body: credentials,
    })
  ).json()) as { id: string };
  const { token } = (await (
    await fetch(`${server.url}/token`, { method: 'POST', headers: headersJson, body: credentials })
  ).json()) as { token: string };
  const controller = new AbortController();
  const stream = await fetch(`${server.url}/.well-known/mercure?topic=/accounts/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const eventAt = new Map<number, number>();
  let waiting: { count: number; resolve: () => void } | undefined;
  void (async () => {
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        for (const match of text.matchAll(/"subject":"bench-(\d+)"/g)) {
          if (!eventAt.has(Number(match[1]))) eventAt.set(Number(match[1]), performance.now());
        }
        text = text.slice(text.lastIndexOf('\n'));
        if (waiting && eventAt.size >= waiting.count) waiting.resolve();
      }
    } catch {
      // aborted at the end
    }
  })();
  /** Resolves when `count` events have arrived (or after `timeoutMs`). */
  const allEvents = (count: number, timeoutMs: number) => {
    if (eventAt.size >= count) return Promise.resolve();
    return new Promise<void>((resolve) => {
      waiting = { count, resolve };
      setTimeout(resolve, timeoutMs);
    });
  };
  const pid = server.process.pid;

  /** Sends a load and waits for its events; the rate counts until the last one arrived. */
  async function send(size: Size, connections: number, count: number, perSecond?: number) {
    eventAt.clear();
    const { first, build } = numbered(size, count);
    const cpuBefore = processCpuMs(pid);
    const started = performance.now();
    const load = await runLoad({
      port: server.smtpPort,
      to: TO,
      connections,
      messages: count,
      build,
      ...(perSecond ? { perSecond } : {}),
    });
    await allEvents(count, 120_000);
    const lastEvent = Math.max(...eventAt.values());
    const seconds = (Math.max(lastEvent, started + load.seconds * 1000) - started) / 1000;
    const cpuMs = processCpuMs(pid) - cpuBefore;
    return { load, first, seconds, cpuMs };
  }

  await send(sizes(true).twoKb, CONNECTIONS, warmUp);
  await send(sizes(true).hundredKb, CONNECTIONS, LARGE_WARM_UP_MESSAGES);
  return {
    server,
    pid,
    eventAt,
    send,
    async measure(size: Size, connections: number, count = size.count) {
      const { load, seconds, cpuMs } = await send(size, connections, count);
      if (eventAt.size < count) throw new Error(`${count - eventAt.size} events never arrived`);
      return figures(load, seconds, pid, cpuMs);
    },
    async stop() {
      controller.abort();
      await server.stop();
    },
  };
}

/** A peer, warmed with the same messages as ours. */
async function startPeer(start: () => Promise<Peer | string>, warmUp: number) {
  const peer = await start();
  if (typeof peer === 'string') return peer;
  const pid = peer.process.pid;
  const send = (size: Size, connections: number, count: number) =>
    runLoad({
      port: peer.port,
      to: TO,
      connections,
      messages: count,
      build: numbered(size, count).build,
    });
  await send(sizes(true).twoKb, CONNECTIONS, warmUp);
  await send(sizes(true).hundredKb, CONNECTIONS, LARGE_WARM_UP_MESSAGES);
  return {
    pid,
    async measure(size: Size, connections: number, count = size.count) {
      const cpuBefore = processCpuMs(pid);
      const load = await send(size, connections, count);
      return figures(load, load.seconds, pid, processCpuMs(pid) - cpuBefore);
    },
    stop: () => peer.stop(),
  } satisfies Receiver;
}

/** p99 from 250 to the event at a subscribed client, at a paced load. */
async function measureEventLatency(size: Size, perSecond: number, warmUp: number) {
  const ours = await startOurs(warmUp);
  try {
    const count = Math.min(size.count, Math.max(200, Math.round(perSecond * 5)));
    const { load, first } = await ours.send(size, CONNECTIONS, count, perSecond);
    const delays = [...load.acknowledgedAt].flatMap(([n, ackedAt]) => {
      const heard = ours.eventAt.get(first + n);
      return heard === undefined ? [] : [heard - ackedAt];
    });
    return Number(percentile(delays, 99).toFixed(2));
  } finally {
    await ours.stop();
  }
}

/** How much one 25 MB message raises the server's peak memory. */
async function measureLargeMessageRss(): Promise<number> {
  const ours = await startOurs(50);
  try {
    const before = peakRssMb(ours.pid);
    const big = attachmentBody(18_500_000);
    await runLoad({
      port: ours.server.smtpPort,
      to: TO,
      connections: 1,
      messages: 1,
      build: () => withAttachment(1_000_000_000, big),
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return peakRssMb(ours.pid) - before;
  } finally {
    await ours.stop();
  }
}

function line(name: string, size: string, result: Figures | string): void {
  if (typeof result === 'string') {
    console.log(`${name.padEnd(26)} ${size.padEnd(10)} ${result}`);
    return;
  }
  console.log(
    `${name.padEnd(26)} ${size.padEnd(10)} ${String(result.messagesPerSecond).padStart(6)} msg/s   ` +
      `p50 ${result.p50Ms.toFixed(1).padStart(7)} ms   p99 ${result.p99Ms.toFixed(1).padStart(7)} ms   ` +
      `CPU ${result.cpuMsPerMessage.toFixed(3)} ms/msg   peak RSS ${result.peakRssMb} MB`,
  );
}

/** Measures with each receiver that started; a peer that could not start keeps its reason. */
async function each(
  receivers: Record<string, Receiver | string>,
  measure: (receiver: Receiver) => Promise<Figures>,
): Promise<Record<string, Figures | string>> {
  const results: Record<string, Figures | string> = {};
  for (const [name, receiver] of Object.entries(receivers))
    results[name] = typeof receiver === 'string' ? receiver : await measure(receiver);
  return results;
}

/** What one write and `fdatasync` of 4 KB take on the disk the servers store on (p50, ms). */
function measureFsyncMs(): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-fsync-'));
  const file = fs.openSync(path.join(dir, 'probe'), 'w');
  const page = Buffer.alloc(4096, 1);
  const times: number[] = [];
  try {
    for (let n = 0; n < 300; n += 1) {
      const started = performance.now();
      fs.writeSync(file, page);
      fs.fdatasyncSync(file);
      times.push(performance.now() - started);
    }
  } finally {
    fs.closeSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return Number(percentile(times, 50).toFixed(3));
}

/**
 * What 1.2 x MailDev at 2 KB over 20 connections asks of ours, from the medians of the
 * rounds. CPU: the machine's cores shared by the rate (the server and the sender both spend
 * them), and the rate ours could reach were every core busy with it. Latency: each connection has one message in flight, so the rate is connections
 * over a connection's cycle (envelope, data, 250); the cycle it needs, less our envelope, is
 * what our 250 may take after the data. Beside it, one bare `fdatasync`, which a durable 250
 * cannot skip.
 */
function targetBudget(
  rounds: { ours: Figures; maildev: Figures | string }[],
  cores: number,
  fsyncMs: number,
) {
  const theirs = rounds.flatMap(({ maildev }) => (typeof maildev === 'object' ? [maildev] : []));
  if (theirs.length === 0) return undefined;
  const ours = (pick: (figures: Figures) => number) => median(rounds.map((r) => pick(r.ours)));
  const maildev = (pick: (figures: Figures) => number) => median(theirs.map(pick));
  const round = (value: number) => Number(value.toFixed(3));
  const targetRate = maildev((f) => f.messagesPerSecond) * TARGETS.ingest2KbVsMaildev;
  const neededCycleMs = (CONNECTIONS * 1000) / targetRate;
  const oursEnvelopeMs = ours((f) => f.cycleMs) - ours((f) => f.meanMs);
  const oursCpuMs = ours((f) => f.cpuMsPerMessage);
  const senderCpuMs = ours((f) => f.senderCpuMsPerMessage);
  // Every core busy with ours and its sender and nothing waiting: the most ours could do.
  const cpuCeiling = (cores * 1000) / (oursCpuMs + senderCpuMs);
  return {
    targetMessagesPerSecond: Math.round(targetRate),
    cpuBudgetMsPerMessage: round((cores * 1000) / targetRate),
    oursCpuMsPerMessage: oursCpuMs,
    senderCpuMsPerMessage: senderCpuMs,
    cpuCeilingMessagesPerSecond: Math.round(cpuCeiling),
    cpuCeilingVsMaildev: Number((cpuCeiling / maildev((f) => f.messagesPerSecond)).toFixed(2)),
    neededCycleMs: round(neededCycleMs),
    oursCycleMs: ours((f) => f.cycleMs),
    oursEnvelopeMs: round(oursEnvelopeMs),
    oursAnswerMs: ours((f) => f.meanMs),
    maildevCycleMs: maildev((f) => f.cycleMs),
    maildevAnswerMs: maildev((f) => f.meanMs),
    neededAnswerMs: round(neededCycleMs - oursEnvelopeMs),
    fsyncMs,
  };
}

const rateOf = (result: Figures | string | undefined) =>
  typeof result === 'object' ? result.messagesPerSecond : Number.NaN;

/**
 * Ours and MailDev at 2 KB over 20 connections in ROUNDS alternating rounds (the target),
 * then on the same warm servers 2 KB over 100 connections, 100 KB and 10 MB.
 */
async function measureBesideMailDev(quick: boolean, warmUp: number) {
  const { twoKb, hundredKb, tenMb } = sizes(quick);
  const ours = await startOurs(warmUp);
  const maildev = await startPeer(startMailDev, warmUp);
  const receivers: Record<string, Receiver | string> = { ours, maildev };
  try {
    const rounds: { ours: Figures; maildev: Figures | string }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ['ours', 'maildev'] : ['maildev', 'ours'];
      const measured: Record<string, Figures | string> = {};
      for (const name of order) {
        const receiver = receivers[name]!;
        measured[name] =
          typeof receiver === 'string' ? receiver : await receiver.measure(twoKb, CONNECTIONS);
      }
      rounds.push({ ours: measured.ours as Figures, maildev: measured.maildev! });
      line(`ours, round ${round + 1}`, `2KB x${CONNECTIONS}`, measured.ours!);
      line(`MailDev 2.2.1, round ${round + 1}`, `2KB x${CONNECTIONS}`, measured.maildev!);
    }
    return {
      rounds,
      wide: await each(receivers, (receiver) => receiver.measure(twoKb, WIDE_CONNECTIONS)),
      large: await each(receivers, (receiver) => receiver.measure(hundredKb, CONNECTIONS)),
      huge: await each(receivers, (receiver) => receiver.measure(tenMb, CONNECTIONS)),
    };
  } finally {
    await ours.stop();
    if (typeof maildev !== 'string') await maildev.stop();
  }
}

export const smtpBench = {
  describe:
    'SMTP ingest (durable, parsed, published) vs MailDev, a discarding smtp-server and smtp-sink',
  async run() {
    const quick = process.argv.includes('--quick');
    const warmUp = warmUpMessages(quick);
    const { twoKb } = sizes(quick);
    // The benchmark measures the compiled server, as `npm start` runs it.
    execFileSync(bin('tsc'), ['-b', 'api'], { cwd: repoRoot, stdio: 'inherit' });
    const loadAverageAtStart = Number(os.loadavg()[0]!.toFixed(2));
    console.log(
      `SMTP, reused connections, pipelined envelopes, 127.0.0.1, ${quick ? 'quick' : 'full'} run; ` +
        `every server warmed with ${warmUp} messages of 2 KB and ${LARGE_WARM_UP_MESSAGES} of 100 KB; load average ${loadAverageAtStart} on ${os.availableParallelism()} cores`,
    );

    const { rounds, wide, large, huge } = await measureBesideMailDev(quick, warmUp);
    for (const [name, results] of [
      [`2KB x${WIDE_CONNECTIONS}`, wide],
      [`100KB x${CONNECTIONS}`, large],
      [`10MB x${CONNECTIONS}`, huge],
    ] as const) {
      line('ours (durable+parsed)', name, results.ours!);
      line('MailDev 2.2.1', name, results.maildev!);
    }

    // The ceilings, at 2 KB: what smtp-server and the protocol cost with nothing stored.
    const ceilings: Record<string, Figures | string> = {};
    for (const [name, start] of [
      ['discard', startDiscardServer],
      ['smtpSink', startSmtpSink],
    ] as const) {
      const peer = await startPeer(start, warmUp);
      try {
        ceilings[name] = typeof peer === 'string' ? peer : await peer.measure(twoKb, CONNECTIONS);
      } finally {
        if (typeof peer !== 'string') await peer.stop();
      }
    }
    line('smtp-server discard', `2KB x${CONNECTIONS}`, ceilings.discard!);
    line('postfix smtp-sink', `2KB x${CONNECTIONS}`, ceilings.smtpSink!);

    const ratios = rounds.map(({ ours: mine, maildev: theirs }) => rateOf(mine) / rateOf(theirs));
    const oursMedian = median(rounds.map(({ ours: mine }) => rateOf(mine)));
    const maildevMedian = median(rounds.map(({ maildev: theirs }) => rateOf(theirs)));
    const halfLoad = Math.max(10, Math.round(oursMedian / 2));
    const eventP99Ms = await measureEventLatency(twoKb, halfLoad, warmUp);
    const rss25MbDeltaMb = await measureLargeMessageRss();
    const budget = targetBudget(rounds, os.availableParallelism(), measureFsyncMs());

    const figuresOfTargets = {
      ingest2KbVsMaildev: Number(median(ratios).toFixed(2)),
      cpuMsPerMessage: Number(
        median(rounds.map(({ ours: mine }) => mine.cpuMsPerMessage)).toFixed(3),
      ),
      eventP99Ms,
      rss25MbDeltaMb,
    };
    const verdicts = {
      ingest2KbAtLeast1_2xMaildev: verdict(
        figuresOfTargets.ingest2KbVsMaildev,
        (ratio) => ratio >= TARGETS.ingest2KbVsMaildev,
      ),
      cpuPerMessageAtMost0_4Ms: verdict(
        figuresOfTargets.cpuMsPerMessage,
        (ms) => ms <= TARGETS.cpuMsPerMessage,
      ),
      eventP99Under50Ms: verdict(eventP99Ms, (ms) => ms < TARGETS.eventP99Ms),
      rss25MbUnder100Mb: verdict(rss25MbDeltaMb, (mb) => mb < TARGETS.rss25MbDeltaMb),
    };
    const loadAverageAtEnd = Number(os.loadavg()[0]!.toFixed(2));
    console.log(`targets (load average ${loadAverageAtEnd} at the end):`);
    console.log(
      `  ours / MailDev, 2KB x${CONNECTIONS}     ${figuresOfTargets.ingest2KbVsMaildev} (median of ${ROUNDS}: ${Math.round(oursMedian)} / ${Math.round(maildevMedian)} msg/s) (>= ${TARGETS.ingest2KbVsMaildev})   ${verdicts.ingest2KbAtLeast1_2xMaildev}`,
    );
    if (budget) {
      console.log(
        `    its budget: ${budget.targetMessagesPerSecond} msg/s. CPU: ${budget.cpuBudgetMsPerMessage} ms a message on ${os.availableParallelism()} cores; ` +
          `ours ${budget.oursCpuMsPerMessage} + the sender's ${budget.senderCpuMsPerMessage}: every core busy, at most ${budget.cpuCeilingMessagesPerSecond} msg/s (${budget.cpuCeilingVsMaildev} x MailDev).`,
      );
      console.log(
        `    latency: a connection's cycle ${budget.neededCycleMs} ms; ours ${budget.oursCycleMs} (envelope ${budget.oursEnvelopeMs}, data to 250 ${budget.oursAnswerMs}), ` +
          `MailDev ${budget.maildevCycleMs} (data to 250 ${budget.maildevAnswerMs}): a 250 within ${budget.neededAnswerMs} ms of the data; one bare fdatasync ${budget.fsyncMs} ms`,
      );
    }
    console.log(
      `  CPU per message, ours          ${figuresOfTargets.cpuMsPerMessage} ms (median) (<= ${TARGETS.cpuMsPerMessage} ms)   ${verdicts.cpuPerMessageAtMost0_4Ms}`,
    );
    console.log(
      `  250 -> event p99 at ${halfLoad} msg/s  ${eventP99Ms} ms (< ${TARGETS.eventP99Ms} ms)   ${verdicts.eventP99Under50Ms}`,
    );
    console.log(
      `  one 25 MB message, peak RSS    +${rss25MbDeltaMb} MB (< ${TARGETS.rss25MbDeltaMb} MB)   ${verdicts.rss25MbUnder100Mb}`,
    );
    console.log(
      JSON.stringify({
        bench: 'smtp',
        quick,
        warmUpMessages: warmUp,
        largeWarmUpMessages: LARGE_WARM_UP_MESSAGES,
        connections: CONNECTIONS,
        loadAverage1m: { start: loadAverageAtStart, end: loadAverageAtEnd },
        rounds,
        medians: { oursMessagesPerSecond: oursMedian, maildevMessagesPerSecond: maildevMedian },
        wide,
        large,
        huge,
        ceilings,
        eventRatePerSecond: halfLoad,
        figures: figuresOfTargets,
        targetBudget: budget,
        targets: TARGETS,
        verdicts,
      }),
    );
  },
};
