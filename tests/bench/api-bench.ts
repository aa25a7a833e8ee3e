// `npm run bench -- api`: the public API's inbox polling and live-event fan-out, each set
// beside a ceiling and a peer in one run, with one load setting (tests/bench/http-load.ts)
// for every polling target. Issue 5, item 7.
//
//   ours 200      GET /v1/messages on a mailbox of 30 messages, bearer token only (with 304 and
//                 the ceiling: 5 rounds in alternating order, each figure their median)
//   ours 304      the same with If-None-Match: the ETag of that 200
//   bare express  one Express route answering our 200's JSON from memory (our ceiling)
//   maildev       MailDev 2.2.1's GET /email holding the same 30 messages (the peer)
//   fan-out       5 000 open GET /v1/events streams on one mailbox, one message over SMTP:
//                 per stream, ms from the SMTP 250 to its `event: message` frame; server RSS
//   fan-out floor the same streams and clients on bare node:http writing one frame to each:
//                 what the clients and the loopback alone cost on this machine
//   long poll     GET /v1/addresses/{address}/messages/next waiting, one message over SMTP:
//                 ms from the SMTP 250 to the answer, over 50 messages one after another
//   tempmail wait the CLI (compiled) waiting on a mailbox, one message over SMTP: ms from the
//                 SMTP 250 to the first byte it prints, over 50 messages, one process each
//
// Targets run one after another, never side by side (the machine has 2 cores). The load
// generator and the stream clients run in this process; every server in its own.
// `-- api --quick` runs shorter loads.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, repoRoot } from '../support/paths.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { openEventStreams } from './event-streams.js';
import { measureHttp, type HttpFigures, type LoadSettings } from './http-load.js';
import { percentile, runLoad } from './smtp-load.js';
import { rssMb, startBenchScript, startMailDev, type Peer } from './smtp-peers.js';
import { verdict } from './verdict.js';

const MESSAGES = 30;
const STREAMS = 5_000;
/** Stream handshakes in flight at once while opening them. */
const STREAMS_OPENING = 100;
/** Messages a fan-out mailbox gets before its streams open, to warm the server up. */
const FAN_OUT_WARM_UP_MESSAGES = 2;
const DOMAIN = 'tempmail.test';

const TARGETS = {
  poll304VsBareExpress: 0.6,
  poll200VsBareExpress: 0.5,
  fanOutP99Ms: 200,
  fanOutRssMb: 300,
  longPollP99Ms: 50,
  cliWaitP99Ms: 100,
};

/** Messages the long poll is timed on, each waited for on its own. */
const LONG_POLL_ROUNDS = 50;
/** How long a poll is given to reach the server and subscribe before its message is sent. */
const LONG_POLL_SETTLE_MS = 50;
/** How long a `tempmail wait` process is given to start and reach the server. */
const CLI_SETTLE_MS = 1_500;

/**
 * The limits stay in the request path (their cost is part of what we measure) but are raised
 * far past what one run sends: every 304 counts against them too.
 */
const SERVER_ENV = {
  API_FREE_REQUESTS_PER_HOUR: '1000000000',
  API_PRO_REQUESTS_PER_HOUR: '1000000000',
  API_BURST_REQUESTS_PER_MINUTE: '1000000000',
  // Every mailbox is generated from 127.0.0.1, far past a visitor's budget.
  ADDRESS_CREATION_PER_MINUTE: '1000000000',
  ADDRESS_CREATION_PER_HOUR: '1000000000',
  SMTP_MAX_CONNECTIONS_PER_IP: '200',
};

const senders = [
  { name: 'Bench Shop', address: 'no-reply@shop.example', subject: 'Your verification code' },
  { name: 'Acme Bank', address: 'alerts@bank.example', subject: 'A new sign-in to your account' },
  { name: 'Daily Digest', address: 'digest@news.example', subject: 'Today in short' },
];

function messageText(n: number): string {
  return (
    `Your code is ${482_900 + n}. It expires in 10 minutes.\r\n\r\n` +
    'If you did not ask for this code, you can ignore this message.\r\n'.repeat(25)
  );
}

/** Message `n` of the inbox: about 2 KB, plain text or (every third) HTML, as sign-ups get. */
function inboxMessage(n: number, to: string): Buffer {
  const sender = senders[n % senders.length]!;
  const html = n % 3 === 2;
  const date = new Date(Date.UTC(2026, 10, 22, 9, n)).toUTCString().replace('GMT', '+0000');
  const body = html
    ? `<html><body><p>${messageText(n).replaceAll('\r\n', '</p>\r\n<p>')}</p></body></html>`
    : messageText(n);
  return Buffer.from(
    `From: ${sender.name} <${sender.address}>\r\nTo: ${to}\r\nSubject: ${sender.subject} #${n}\r\n` +
      `Message-ID: <api-bench-${n}@bench.example>\r\nDate: ${date}\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: text/${html ? 'html' : 'plain'}; charset=utf-8\r\n\r\n${body}`,
  );
}

/** Message `n` as our server would list it (the contract's MessageSummary). */
function synthesizedSummary(n: number, to: string) {
  const sender = senders[n % senders.length]!;
  return {
    id: (0x65f1c0ffee0ddba11c000000n + BigInt(n)).toString(16),
    mailbox: to,
    from: { name: sender.name, address: sender.address },
    to: [{ name: '', address: to }],
    subject: `${sender.subject} #${n}`,
    intro: messageText(n).slice(0, 120).replace(/\s+/g, ' ').trim(),
    date: new Date(Date.UTC(2026, 10, 22, 9, n)).toISOString(),
    seen: false,
    hasAttachments: false,
    size: inboxMessage(n, to).length,
  };
}

/** The ceiling's body while our /v1 cannot give the real one. */
function synthesizedList(to: string): string {
  const messages = Array.from({ length: MESSAGES }, (_, n) => synthesizedSummary(n, to));
  return JSON.stringify({ messages: messages.reverse(), total: MESSAGES });
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` every 100 ms until it says true; false after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}

/** The soft limit on open files of a process (`ulimit -n`), from /proc; Linux only. */
function openFilesLimit(pid: number | 'self' | undefined): string {
  try {
    const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
    return /Max open files\s+(\S+)/.exec(limits)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** What is running now, so an interrupted run (Ctrl-C, SIGTERM) stops it and its temp dirs. */
const running = new Set<() => Promise<unknown>>();

function tracked<T extends { stop(): Promise<unknown> }>(service: T): T {
  const stop = () => service.stop();
  running.add(stop);
  return {
    ...service,
    stop() {
      running.delete(stop);
      return stop();
    },
  };
}

function onInterrupt(): void {
  void Promise.allSettled([...running].map((stop) => stop())).then(() => process.exit(130));
}

async function startOurs(): Promise<RunningServer> {
  return tracked(await startServer({ built: true, env: SERVER_ENV }));
}

interface Mailbox {
  address: string;
  token: string;
}

/** A fresh anonymous mailbox, or why there is none. */
async function generateEmail(url: string): Promise<Mailbox | string> {
  const response = await fetch(`${url}/v1/generate-email`, { method: 'POST' });
  if (response.status !== 201) {
    return `POST /v1/generate-email answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
  }
  return (await response.json()) as Mailbox;
}

interface Inbox {
  body: string;
  etag: string;
}

/**
 * Sends the 30 messages to `mailbox` and waits until GET /v1/messages lists them all and
 * answers its own ETag with 304 (a message still being parsed would change the list).
 */
async function fillOurInbox(server: RunningServer, mailbox: Mailbox): Promise<Inbox | string> {
  await runLoad({
    port: server.smtpPort,
    to: mailbox.address,
    connections: 1,
    messages: MESSAGES,
    build: (n) => inboxMessage(n, mailbox.address),
  });
  const authorization = `Bearer ${mailbox.token}`;
  let inbox: Inbox | string = `GET /v1/messages never listed ${MESSAGES} messages`;
  let seen: Inbox | undefined;
  await until(async () => {
    if (seen) {
      const conditional = await fetch(`${server.url}/v1/messages`, {
        headers: { Authorization: authorization, 'If-None-Match': seen.etag },
      });
      await conditional.arrayBuffer();
      if (conditional.status === 304) {
        inbox = seen;
        return true;
      }
      inbox = `GET /v1/messages answered its own ETag with ${conditional.status}, not 304`;
    }
    const response = await fetch(`${server.url}/v1/messages`, {
      headers: { Authorization: authorization },
    });
    const body = await response.text();
    if (response.status !== 200) {
      inbox = `GET /v1/messages answered ${response.status}: ${body.slice(0, 200)}`;
      return false;
    }
    const list = JSON.parse(body) as { messages: unknown[]; total: number };
    if (list.total < MESSAGES || list.messages.length < MESSAGES) return false;
    const etag = response.headers.get('etag');
    if (!etag) {
      inbox = 'GET /v1/messages answered 200 without an ETag';
      return false;
    }
    seen = { body, etag };
    return false;
  }, 30_000);
  return inbox;
}

/** Rounds of the polling targets, in alternating order; each figure is their median. */
const POLLING_ROUNDS = 5;

interface Polling {
  ours200: HttpFigures | string;
  ours304: HttpFigures | string;
  bareExpress: HttpFigures | string;
  /** Requests per second of each round, in the order measured. */
  rounds: Record<'ours200' | 'ours304' | 'bareExpress', number[]>;
  /** What the ceiling answered: our 200's body, or a synthesized one when ours gave none. */
  ceilingBody: 'ours' | 'synthesized';
}

/** The round with the median rate (its latencies with it), or the failure when none ran. */
function medianRound(results: (HttpFigures | string)[]): HttpFigures | string {
  const measured = results.filter((result): result is HttpFigures => typeof result === 'object');
  if (measured.length === 0) return results[0] ?? 'not measured';
  measured.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return measured[Math.floor(measured.length / 2)]!;
}

/**
 * Our 200 and 304 and the bare Express ceiling serving our 200's body, all three servers up
 * at once and measured one at a time, POLLING_ROUNDS rounds, the order reversed every other
 * round: a machine that slows down midway weighs on each target alike.
 */
async function measurePolling(settings: LoadSettings): Promise<Polling> {
  const server = await startOurs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  let bare: Peer | undefined;
  try {
    const mailbox = await generateEmail(server.url);
    const inbox = typeof mailbox === 'string' ? mailbox : await fillOurInbox(server, mailbox);
    const body = typeof inbox === 'string' ? synthesizedList(`bench@${DOMAIN}`) : inbox.body;
    if (typeof inbox === 'string') {
      console.log(`ours: ${inbox}; bare Express answers a synthesized list of the same shape`);
    }
    const bodyFile = path.join(dir, 'messages.json');
    fs.writeFileSync(bodyFile, body);
    let bareFailure: string | undefined;
    try {
      bare = tracked(await startBenchScript('bare Express', 'bare-express-server.ts', [bodyFile]));
    } catch (error) {
      bareFailure = `bare Express did not start: ${String(error)}`;
    }

    const bodyBytes = Buffer.byteLength(body);
    const targets: {
      key: keyof Polling['rounds'];
      name: string;
      bytes: number;
      run: () => Promise<HttpFigures | string>;
    }[] = [];
    if (typeof inbox !== 'string' && typeof mailbox !== 'string') {
      const url = `${server.url}/v1/messages`;
      const headers = { Authorization: `Bearer ${mailbox.token}`, Accept: 'application/json' };
      targets.push(
        {
          key: 'ours200',
          name: 'ours 200',
          bytes: bodyBytes,
          run: () => measureHttp(url, headers, 200, settings),
        },
        {
          key: 'ours304',
          name: 'ours 304',
          bytes: 0,
          run: () => measureHttp(url, { ...headers, 'If-None-Match': inbox.etag }, 304, settings),
        },
      );
    }
    if (bare) {
      const url = `http://127.0.0.1:${bare.port}/v1/messages`;
      targets.push({
        key: 'bareExpress',
        name: 'bare Express (ceiling)',
        bytes: bodyBytes,
        run: () => measureHttp(url, { Accept: 'application/json' }, 200, settings),
      });
    }
    const results: Record<keyof Polling['rounds'], (HttpFigures | string)[]> = {
      ours200: [],
      ours304: [],
      bareExpress: [],
    };
    for (let round = 0; round < POLLING_ROUNDS; round += 1) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const figures = await target.run();
        results[target.key].push(figures);
        line(`${target.name} #${round + 1}`, figures, target.bytes);
      }
    }
    const failure = (key: keyof Polling['rounds']) =>
      key === 'bareExpress'
        ? (bareFailure ?? 'not measured')
        : typeof inbox === 'string'
          ? inbox
          : String(mailbox);
    const pick = (key: keyof Polling['rounds']) =>
      results[key].length > 0 ? medianRound(results[key]) : failure(key);
    return {
      ours200: pick('ours200'),
      ours304: pick('ours304'),
      bareExpress: pick('bareExpress'),
      rounds: {
        ours200: results.ours200.map(rateOf),
        ours304: results.ours304.map(rateOf),
        bareExpress: results.bareExpress.map(rateOf),
      },
      ceilingBody: typeof inbox === 'string' ? 'synthesized' : 'ours',
    };
  } finally {
    await bare?.stop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measureMailDev(settings: LoadSettings): Promise<HttpFigures | string> {
  const started = await startMailDev();
  if (typeof started === 'string') return started;
  const maildev = tracked(started);
  try {
    const to = `bench@${DOMAIN}`;
    await runLoad({
      port: maildev.port,
      to,
      connections: 1,
      messages: MESSAGES,
      build: (n) => inboxMessage(n, to),
    });
    const url = `http://127.0.0.1:${maildev.webPort}/email`;
    let bytes = 0;
    const filled = await until(async () => {
      const body = await (await fetch(url)).text();
      bytes = Buffer.byteLength(body);
      return (JSON.parse(body) as unknown[]).length >= MESSAGES;
    }, 30_000);
    if (!filled) return `MailDev never listed ${MESSAGES} messages`;
    const figures = await measureHttp(url, { Accept: 'application/json' }, 200, settings);
    line('MailDev 2.2.1 (peer)', figures, bytes);
    return figures;
  } finally {
    await maildev.stop();
  }
}

interface Delivery {
  streams: number;
  opened: number;
  openFailures: Record<string, number>;
  openSeconds: number;
  /** Streams that got the message frame. */
  received: number;
  dropped: number;
  /** ms from the send's acknowledgement to each stream's frame. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The server's VmRSS before the streams, with them open, and after the frame. */
  rssIdleMb: number;
  rssStreamsOpenMb: number;
  rssAfterEventMb: number;
  /** Highest VmRSS sampled every 50 ms from the first stream opening to the last frame. */
  rssPeakMb: number;
}

/**
 * Opens `streams` event streams to the server at `url` (process `pid`), has `send` put one
 * message in, and times its frame at every stream from the moment `send` resolves with (the
 * SMTP 250, or the floor's 204).
 */
async function measureDelivery(options: {
  url: string;
  token: string;
  streams: number;
  pid: number | undefined;
  send: () => Promise<number>;
}): Promise<Delivery | string> {
  const { pid } = options;
  const rssIdleMb = rssMb(pid);
  let rssPeakMb = rssIdleMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 50);
  const openedAt = performance.now();
  const open = await openEventStreams({
    url: options.url,
    token: options.token,
    count: options.streams,
    inFlight: STREAMS_OPENING,
  });
  try {
    const openSeconds = (performance.now() - openedAt) / 1000;
    const failures = Object.entries(open.failures)
      .map(([why, count]) => `${count} ${why}`)
      .join(', ');
    console.log(
      `  ${open.open}/${options.streams} streams open in ${openSeconds.toFixed(1)} s${failures ? ` (not opened: ${failures})` : ''}`,
    );
    if (open.open === 0) return `no event stream opened (${failures})`;
    // Let the last subscriptions settle and the heap calm down before the message.
    await sleep(1_000);
    const rssStreamsOpenMb = rssMb(pid);
    const acknowledgedAt = await options.send();
    await open.allHeard(30_000);
    const delays = open.heardAt().map((heardAt) => heardAt - acknowledgedAt);
    const rssAfterEventMb = rssMb(pid);
    const round = (ms: number) => Number(ms.toFixed(1));
    return {
      streams: options.streams,
      opened: open.open,
      openFailures: { ...open.failures },
      openSeconds: round(openSeconds),
      received: delays.length,
      dropped: open.dropped,
      p50Ms: round(percentile(delays, 50)),
      p99Ms: round(percentile(delays, 99)),
      maxMs: round(delays.length > 0 ? Math.max(...delays) : Number.NaN),
      rssIdleMb,
      rssStreamsOpenMb,
      rssAfterEventMb,
      rssPeakMb: Math.max(rssPeakMb, rssAfterEventMb),
    };
  } finally {
    clearInterval(sampler);
    open.close();
  }
}

/** Our fan-out: one mailbox, its token on every stream, one message over SMTP. */
async function measureFanOut(streams: number): Promise<Delivery | string> {
  const server = await startOurs();
  try {
    console.log(`fan-out, ours: server ulimit -n ${openFilesLimit(server.process.pid)}`);
    const mailbox = await generateEmail(server.url);
    if (typeof mailbox === 'string') return mailbox;
    // A first message pays for cold parser threads and code paths; the polling loads warm
    // up too. These arrive before any stream opens, so no stream hears of them.
    await runLoad({
      port: server.smtpPort,
      to: mailbox.address,
      connections: 1,
      messages: FAN_OUT_WARM_UP_MESSAGES,
      build: (n) => inboxMessage(n, mailbox.address),
    });
    const warm = await until(async () => {
      const response = await fetch(`${server.url}/v1/messages`, {
        headers: { Authorization: `Bearer ${mailbox.token}` },
      });
      const list = (await response.json()) as { messages?: unknown[] };
      return (list.messages?.length ?? 0) >= FAN_OUT_WARM_UP_MESSAGES;
    }, 30_000);
    if (!warm)
      return `GET /v1/messages never listed the ${FAN_OUT_WARM_UP_MESSAGES} warm-up messages`;
    return await measureDelivery({
      url: server.url,
      token: mailbox.token,
      streams,
      pid: server.process.pid,
      async send() {
        const load = await runLoad({
          port: server.smtpPort,
          to: mailbox.address,
          connections: 1,
          messages: 1,
          build: (n) => inboxMessage(MESSAGES + n, mailbox.address),
        });
        return load.acknowledgedAt.get(0)!;
      },
    });
  } finally {
    await server.stop();
  }
}

interface LongPollFigures {
  rounds: number;
  /** Polls that answered with the message sent in their round. */
  answered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function latencyFigures(delays: number[]): LongPollFigures {
  const round = (ms: number) => Number(ms.toFixed(1));
  return {
    rounds: LONG_POLL_ROUNDS,
    answered: delays.length,
    p50Ms: round(percentile(delays, 50)),
    p99Ms: round(percentile(delays, 99)),
    maxMs: round(delays.length > 0 ? Math.max(...delays) : Number.NaN),
  };
}

/** One message over SMTP to `to`; resolves with the moment its 250 came. */
async function sendOne(port: number, to: string, n: number): Promise<number> {
  const load = await runLoad({
    port,
    to,
    connections: 1,
    messages: 1,
    build: () => inboxMessage(n, to),
  });
  return load.acknowledgedAt.get(0)!;
}

/**
 * The long poll: one poll waiting (after the last message), one message over SMTP, the ms
 * from its 250 to the poll's answer; LONG_POLL_ROUNDS times, one after another.
 */
async function measureLongPoll(): Promise<LongPollFigures | string> {
  const server = await startOurs();
  try {
    const mailbox = await generateEmail(server.url);
    if (typeof mailbox === 'string') return mailbox;
    const url = `${server.url}/v1/addresses/${encodeURIComponent(mailbox.address)}/messages/next`;
    const headers = { Authorization: `Bearer ${mailbox.token}` };
    // Warm: the parser threads and the code paths, as the polls after it find them.
    let after: string | undefined;
    const delays: number[] = [];
    for (let n = -FAN_OUT_WARM_UP_MESSAGES; n < LONG_POLL_ROUNDS; n += 1) {
      const query = new URLSearchParams({ timeout: '30', ...(after ? { after } : {}) });
      const answer = fetch(`${url}?${query}`, { headers }).then(async (response) => {
        const answeredAt = performance.now();
        return { answeredAt, status: response.status, body: await response.text() };
      });
      await sleep(LONG_POLL_SETTLE_MS);
      const acknowledgedAt = await sendOne(server.smtpPort, mailbox.address, MESSAGES + 100 + n);
      const { answeredAt, status, body } = await answer;
      if (status !== 200) return `round ${n}: the poll answered ${status}: ${body.slice(0, 200)}`;
      after = (JSON.parse(body) as { id: string }).id;
      if (n >= 0) delays.push(answeredAt - acknowledgedAt);
    }
    return latencyFigures(delays);
  } finally {
    await server.stop();
  }
}

/**
 * `tempmail wait` as a script runs it: a new process per message, logged in to the mailbox,
 * given CLI_SETTLE_MS to start and reach the server (its long poll), then one message over
 * SMTP; the ms from the 250 to the first byte the process prints. LONG_POLL_ROUNDS times.
 */
async function measureCliWait(): Promise<LongPollFigures | string> {
  const server = await startOurs();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-cli-'));
  try {
    const mailbox = await generateEmail(server.url);
    if (typeof mailbox === 'string') return mailbox;
    const cli = path.join(repoRoot, 'cli', 'bin', 'tempmail.js');
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      TEMPMAIL_URL: server.url,
      TEMPMAIL_CONFIG_DIR: path.join(home, 'config'),
    };
    execFileSync(process.execPath, [cli, 'login', mailbox.token], { env, stdio: 'ignore' });
    const delays: number[] = [];
    for (let n = -FAN_OUT_WARM_UP_MESSAGES; n < LONG_POLL_ROUNDS; n += 1) {
      const child = spawn(process.execPath, [cli, 'wait', '--new', '--timeout', '30'], {
        env,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const printed = new Promise<number | undefined>((resolve) => {
        child.stdout.once('data', () => resolve(performance.now()));
        child.once('exit', () => resolve(undefined));
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await sleep(CLI_SETTLE_MS);
      const acknowledgedAt = await sendOne(server.smtpPort, mailbox.address, 300 + n);
      const printedAt = await printed;
      await exited;
      if (printedAt === undefined) return `round ${n}: tempmail wait printed nothing`;
      if (n >= 0) delays.push(printedAt - acknowledgedAt);
    }
    return latencyFigures(delays);
  } finally {
    await server.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** The same streams and clients on bare node:http (tests/bench/bare-event-server.ts). */
async function measureFanOutFloor(streams: number): Promise<Delivery | string> {
  let floor: Peer;
  try {
    floor = tracked(await startBenchScript('bare node:http SSE', 'bare-event-server.ts'));
  } catch (error) {
    return `bare node:http SSE did not start: ${String(error)}`;
  }
  try {
    console.log('fan-out floor, bare node:http:');
    const url = `http://127.0.0.1:${floor.port}`;
    return await measureDelivery({
      url,
      token: 'none',
      streams,
      pid: floor.process.pid,
      async send() {
        await fetch(`${url}/fire`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(synthesizedSummary(MESSAGES, `bench@${DOMAIN}`)),
        });
        return performance.now();
      },
    });
  } finally {
    await floor.stop();
  }
}

function latencyLine(name: string, result: LongPollFigures | string): void {
  console.log(
    typeof result === 'string'
      ? `${name}: ${result}`
      : `${name}: ${result.answered}/${result.rounds} answered, SMTP 250 to answer p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`,
  );
}

function deliveryLine(name: string, result: Delivery | string): void {
  if (typeof result === 'string') {
    console.log(`${name}: ${result}`);
    return;
  }
  console.log(
    `${name}: ${result.received}/${result.streams} streams got the message: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms${result.dropped > 0 ? `; ${result.dropped} streams dropped` : ''}`,
  );
  console.log(
    `${' '.repeat(name.length)}  server RSS: idle ${result.rssIdleMb} MB, ${result.opened} streams open ${result.rssStreamsOpenMb} MB, after the frame ${result.rssAfterEventMb} MB, peak ${result.rssPeakMb} MB`,
  );
}

function line(name: string, result: HttpFigures | string, bodyBytes: number): void {
  if (typeof result === 'string') {
    console.log(`${name.padEnd(24)} ${result}`);
    return;
  }
  const statuses = Object.entries(result.statusCounts)
    .map(([code, count]) => `${code}x${count}`)
    .join(' ');
  console.log(
    `${name.padEnd(24)} ${String(result.requestsPerSecond).padStart(6)} req/s   p50 ${result.p50Ms.toFixed(1).padStart(6)} ms   p99 ${result.p99Ms.toFixed(1).padStart(6)} ms   body ${String(bodyBytes).padStart(6)} B   [${statuses}${result.unexpected > 0 ? `; ${result.unexpected} UNEXPECTED` : ''}]`,
  );
}

const rateOf = (result: HttpFigures | string | undefined) =>
  typeof result === 'object' ? result.requestsPerSecond : Number.NaN;

async function runApiBench(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const settings: LoadSettings = quick
    ? { connections: 50, pipelining: 1, warmUpSeconds: 1, seconds: 3 }
    : { connections: 50, pipelining: 1, warmUpSeconds: 3, seconds: 10 };
  const benchOpenFilesLimit = openFilesLimit('self');
  // Anything else busy on the 2 cores shows in every figure; the load average says so.
  const loadAverageAtStart = Number(os.loadavg()[0]!.toFixed(2));
  console.log(
    `API, autocannon ${settings.connections} connections, pipelining ${settings.pipelining}, ` +
      `${settings.warmUpSeconds} s warm-up + ${settings.seconds} s per target, 127.0.0.1, ` +
      `${quick ? 'quick' : 'full'} run; this process: ulimit -n ${benchOpenFilesLimit}; ` +
      `load average ${loadAverageAtStart} on ${os.availableParallelism()} cores`,
  );

  let buildFailure: string | undefined;
  try {
    // The benchmark measures the compiled server, as `npm start` runs it.
    execFileSync(bin('tsc'), ['-b', 'api', 'sdk', 'cli'], { cwd: repoRoot, stdio: 'inherit' });
  } catch {
    buildFailure = 'the server or the CLI did not build (tsc -b api sdk cli failed)';
    console.log(buildFailure);
  }

  const polling: Polling = buildFailure
    ? {
        ours200: buildFailure,
        ours304: buildFailure,
        bareExpress: buildFailure,
        rounds: { ours200: [], ours304: [], bareExpress: [] },
        ceilingBody: 'synthesized',
      }
    : await measurePolling(settings);
  const { bareExpress } = polling;
  for (const [name, figures] of [
    [`ours 200 (median of ${POLLING_ROUNDS})`, polling.ours200],
    [`ours 304 (median of ${POLLING_ROUNDS})`, polling.ours304],
    [`bare Express (median)`, bareExpress],
  ] as const) {
    line(name, figures, 0);
  }
  const maildev = await measureMailDev(settings);
  if (typeof maildev === 'string') line('MailDev 2.2.1 (peer)', maildev, 0);

  if (Number(benchOpenFilesLimit) < STREAMS + 100) {
    console.log(`ulimit -n ${benchOpenFilesLimit} is below ${STREAMS} streams: some will fail`);
  }
  const fanOut = buildFailure ?? (await measureFanOut(STREAMS));
  deliveryLine('fan-out, ours', fanOut);
  const fanOutFloor = await measureFanOutFloor(STREAMS);
  deliveryLine('fan-out floor, bare node:http', fanOutFloor);
  const longPoll = buildFailure ?? (await measureLongPoll());
  latencyLine('long poll', longPoll);
  const cliWait = buildFailure ?? (await measureCliWait());
  latencyLine('tempmail wait', cliWait);

  const ratios = {
    poll304VsBareExpress: Number((rateOf(polling.ours304) / rateOf(bareExpress)).toFixed(2)),
    poll200VsBareExpress: Number((rateOf(polling.ours200) / rateOf(bareExpress)).toFixed(2)),
    poll200VsMaildev: Number((rateOf(polling.ours200) / rateOf(maildev)).toFixed(2)),
  };
  const fanOutFigures = typeof fanOut === 'string' ? undefined : fanOut;
  // The p99 speaks for every stream only when every stream got the message.
  const everyStreamP99Ms =
    fanOutFigures === undefined
      ? Number.NaN
      : fanOutFigures.received < fanOutFigures.streams
        ? Number.POSITIVE_INFINITY
        : fanOutFigures.p99Ms;
  const verdicts = {
    poll304AtLeast60PctOfBareExpress: verdict(
      ratios.poll304VsBareExpress,
      (ratio) => ratio >= TARGETS.poll304VsBareExpress,
    ),
    poll200AtLeastHalfOfBareExpress: verdict(
      ratios.poll200VsBareExpress,
      (ratio) => ratio >= TARGETS.poll200VsBareExpress,
    ),
    fanOutEveryStreamP99Within200Ms: verdict(everyStreamP99Ms, (ms) => ms <= TARGETS.fanOutP99Ms),
    fanOutRssUnder300Mb: verdict(
      fanOutFigures?.rssPeakMb ?? Number.NaN,
      (mb) => mb < TARGETS.fanOutRssMb,
    ),
    longPollP99Within50Ms: verdict(
      typeof longPoll === 'string' ? Number.NaN : longPoll.p99Ms,
      (ms) => ms < TARGETS.longPollP99Ms,
    ),
    cliWaitP99Within100Ms: verdict(
      typeof cliWait === 'string' ? Number.NaN : cliWait.p99Ms,
      (ms) => ms <= TARGETS.cliWaitP99Ms,
    ),
  };
  const loadAverageAtEnd = Number(os.loadavg()[0]!.toFixed(2));
  const fanOutFloorP99Ms = typeof fanOutFloor === 'string' ? Number.NaN : fanOutFloor.p99Ms;
  console.log(`targets (load average ${loadAverageAtEnd} at the end):`);
  console.log(
    `  ours 304 / bare Express   ${ratios.poll304VsBareExpress} (>= ${TARGETS.poll304VsBareExpress})   ${verdicts.poll304AtLeast60PctOfBareExpress}`,
  );
  console.log(
    `  ours 200 / bare Express   ${ratios.poll200VsBareExpress} (>= ${TARGETS.poll200VsBareExpress})   ${verdicts.poll200AtLeastHalfOfBareExpress}`,
  );
  console.log(
    `  ours 200 / MailDev        ${ratios.poll200VsMaildev} (the peer, for the README's table)`,
  );
  console.log(
    `  fan-out p99, every stream ${everyStreamP99Ms} ms (<= ${TARGETS.fanOutP99Ms} ms; the floor's p99 ${fanOutFloorP99Ms} ms)   ${verdicts.fanOutEveryStreamP99Within200Ms}`,
  );
  console.log(
    `  fan-out server RSS peak   ${fanOutFigures?.rssPeakMb ?? Number.NaN} MB (< ${TARGETS.fanOutRssMb} MB)   ${verdicts.fanOutRssUnder300Mb}`,
  );
  console.log(
    `  long poll p99, 250->answer ${typeof longPoll === 'string' ? Number.NaN : longPoll.p99Ms} ms (< ${TARGETS.longPollP99Ms} ms)   ${verdicts.longPollP99Within50Ms}`,
  );
  console.log(
    `  tempmail wait p99         ${typeof cliWait === 'string' ? Number.NaN : cliWait.p99Ms} ms (<= ${TARGETS.cliWaitP99Ms} ms)   ${verdicts.cliWaitP99Within100Ms}`,
  );
  console.log(
    JSON.stringify({
      bench: 'api',
      quick,
      settings,
      messages: MESSAGES,
      benchOpenFilesLimit,
      loadAverage1m: { start: loadAverageAtStart, end: loadAverageAtEnd },
      polling: {
        ours200: polling.ours200,
        ours304: polling.ours304,
        bareExpress,
        maildev,
        rounds: polling.rounds,
      },
      ceilingBody: polling.ceilingBody,
      fanOut,
      fanOutFloor,
      longPoll,
      cliWait,
      ratios,
      targets: TARGETS,
      verdicts,
    }),
  );
}

export const apiBench = {
  describe:
    'Public API: polling (200 and 304) vs a bare Express route and MailDev; 5 000-stream event fan-out; the long poll and tempmail wait',
  async run() {
    process.once('SIGINT', onInterrupt);
    process.once('SIGTERM', onInterrupt);
    try {
      await runApiBench();
    } finally {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onInterrupt);
    }
  },
};
