// `npm run bench -- smtp`: our SMTP ingest beside its ceilings and a peer, in one run, with
// one load generator (tests/bench/smtp-load.ts) on 127.0.0.1 for all of them.
//
//   ours      the built server: committed durably (SQLite, synchronous=FULL), parsed, event
//             published; its rate counts until the last event reaches a subscribed client
//   discard   the same smtp-server set-up throwing each message away (our ceiling)
//   smtp-sink Postfix's protocol sink (the protocol's ceiling)
//   maildev   MailDev 2.2.1 (the peer)
//
// Every server is warmed up with WARM_UP_MESSAGES before it is measured.
// `-- smtp --quick` sends fewer messages.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { bin, repoRoot } from '../support/paths.js';
import { startServer } from '../support/start-server.js';
import { percentile, runLoad, type LoadResult } from './smtp-load.js';
import {
  peakRssMb,
  startDiscardServer,
  startMailDev,
  startSmtpSink,
  type Peer,
} from './smtp-peers.js';

const TO = 'bench@tempmail.test';
const CONNECTIONS = 20;

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

function sizes(quick: boolean): Size[] {
  return [
    {
      name: '2KB',
      count: quick ? 1_000 : 4_000,
      build: (n) =>
        Buffer.from(`${headers(n, 'text/plain; charset=utf-8')}\r\n${verificationText}`),
    },
    {
      name: '100KB',
      count: quick ? 100 : 400,
      build: (n) => Buffer.from(`${headers(n, 'text/html; charset=utf-8')}\r\n${htmlBody}`),
    },
    { name: '10MB', count: quick ? 4 : 10, build: (n) => withAttachment(n, tenMbAttachment) },
  ];
}

/**
 * 2 KB messages every server gets before it is measured, so that each is measured warm
 * (JIT-compiled code, threads started), not on its first second. Numbered from
 * WARM_UP_FIRST so that their events are told apart.
 */
const WARM_UP_MESSAGES = 500;
const WARM_UP_FIRST = 1_000_000;

function warmUp(port: number): Promise<LoadResult> {
  const verification = sizes(true)[0]!;
  return runLoad({
    port,
    to: TO,
    connections: CONNECTIONS,
    messages: WARM_UP_MESSAGES,
    build: (n) => verification.build(WARM_UP_FIRST + n),
  });
}

interface Figures {
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  peakRssMb: number;
}

function figures(load: LoadResult, seconds: number, rss: number): Figures {
  return {
    messagesPerSecond: Math.round(load.messages / seconds),
    p50Ms: Number(percentile(load.latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(load.latencies, 99).toFixed(2)),
    peakRssMb: rss,
  };
}

/** Our server with one mailbox and a live Mercure stream that notes when each event lands. */
async function startOurs() {
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
  return {
    server,
    eventAt,
    /** Warms up (WARM_UP_MESSAGES), then forgets the warm-up's events. */
    async warmUp() {
      await warmUp(server.smtpPort);
      await this.allEvents(WARM_UP_MESSAGES, 60_000);
      eventAt.clear();
    },
    /** Resolves when `count` events have arrived (or after `timeoutMs`). */
    allEvents(count: number, timeoutMs: number) {
      if (eventAt.size >= count) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting = { count, resolve };
        setTimeout(resolve, timeoutMs);
      });
    },
    async stop() {
      controller.abort();
      await server.stop();
    },
  };
}

async function measureOurs(size: Size): Promise<Figures & { eventsReceived: number }> {
  const ours = await startOurs();
  try {
    await ours.warmUp();
    const started = performance.now();
    const load = await runLoad({
      port: ours.server.smtpPort,
      to: TO,
      connections: CONNECTIONS,
      messages: size.count,
      build: size.build,
    });
    await ours.allEvents(size.count, 120_000);
    const lastEvent = Math.max(...ours.eventAt.values());
    const seconds = (Math.max(lastEvent, started + load.seconds * 1000) - started) / 1000;
    return {
      ...figures(load, seconds, peakRssMb(ours.server.process.pid)),
      eventsReceived: ours.eventAt.size,
    };
  } finally {
    await ours.stop();
  }
}

/** p99 from 250 to the event at a subscribed client, at a paced load. */
async function measureEventLatency(size: Size, perSecond: number): Promise<number> {
  const ours = await startOurs();
  try {
    await ours.warmUp();
    const count = Math.min(size.count, Math.max(200, Math.round(perSecond * 5)));
    const load = await runLoad({
      port: ours.server.smtpPort,
      to: TO,
      connections: CONNECTIONS,
      messages: count,
      build: size.build,
      perSecond,
    });
    await ours.allEvents(count, 60_000);
    const delays = [...load.acknowledgedAt].flatMap(([n, ackedAt]) => {
      const heard = ours.eventAt.get(n);
      return heard === undefined ? [] : [heard - ackedAt];
    });
    return Number(percentile(delays, 99).toFixed(2));
  } finally {
    await ours.stop();
  }
}

/** How much one 25 MB message raises the server's peak memory. */
async function measureLargeMessageRss(): Promise<number> {
  const ours = await startOurs();
  try {
    const small = sizes(true)[0]!;
    await runLoad({
      port: ours.server.smtpPort,
      to: TO,
      connections: 2,
      messages: 50,
      build: small.build,
    });
    await ours.allEvents(50, 30_000);
    const before = peakRssMb(ours.server.process.pid);
    const big = attachmentBody(18_500_000);
    await runLoad({
      port: ours.server.smtpPort,
      to: TO,
      connections: 1,
      messages: 1,
      build: () => withAttachment(1_000_000, big),
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return peakRssMb(ours.server.process.pid) - before;
  } finally {
    await ours.stop();
  }
}

async function measurePeer(
  start: () => Promise<Peer | string>,
  size: Size,
): Promise<Figures | string> {
  const peer = await start();
  if (typeof peer === 'string') return peer;
  try {
    await warmUp(peer.port);
    const load = await runLoad({
      port: peer.port,
      to: TO,
      connections: CONNECTIONS,
      messages: size.count,
      build: size.build,
    });
    return figures(load, load.seconds, peakRssMb(peer.process.pid));
  } finally {
    await peer.stop();
  }
}

function line(name: string, size: string, result: Figures | string): void {
  if (typeof result === 'string') {
    console.log(`${name.padEnd(22)} ${size.padEnd(6)} ${result}`);
    return;
  }
  console.log(
    `${name.padEnd(22)} ${size.padEnd(6)} ${String(result.messagesPerSecond).padStart(6)} msg/s   p50 ${result.p50Ms.toFixed(1).padStart(7)} ms   p99 ${result.p99Ms.toFixed(1).padStart(7)} ms   peak RSS ${result.peakRssMb} MB`,
  );
}

export const smtpBench = {
  describe:
    'SMTP ingest (durable, parsed, published) vs discarding smtp-server, smtp-sink and MailDev',
  async run() {
    const quick = process.argv.includes('--quick');
    // The benchmark measures the compiled server, as `npm start` runs it.
    execFileSync(bin('tsc'), ['-b', 'api'], { cwd: repoRoot, stdio: 'inherit' });
    console.log(
      `SMTP, ${CONNECTIONS} reused connections, pipelined envelopes, 127.0.0.1, ${quick ? 'quick' : 'full'} run`,
    );

    const results: Record<string, Record<string, Figures | string>> = {
      ours: {},
      discard: {},
      smtpSink: {},
      maildev: {},
    };
    for (const size of sizes(quick)) {
      results.ours![size.name] = await measureOurs(size);
      line('ours (durable+parsed)', size.name, results.ours![size.name]!);
      results.discard![size.name] = await measurePeer(startDiscardServer, size);
      line('smtp-server discard', size.name, results.discard![size.name]!);
      results.smtpSink![size.name] = await measurePeer(startSmtpSink, size);
      line('postfix smtp-sink', size.name, results.smtpSink![size.name]!);
      results.maildev![size.name] = await measurePeer(startMailDev, size);
      line('MailDev 2.2.1', size.name, results.maildev![size.name]!);
    }

    const rate = (target: string) => {
      const result = results[target]!['2KB'];
      return typeof result === 'string' || result === undefined
        ? Number.NaN
        : result.messagesPerSecond;
    };
    const halfLoad = Math.max(10, Math.round(rate('ours') / 2));
    const eventP99Ms = await measureEventLatency(sizes(quick)[0]!, halfLoad);
    console.log(
      `250 -> event at a subscribed client, at ${halfLoad} msg/s (half load): p99 ${eventP99Ms} ms`,
    );
    const rss25MbDeltaMb = await measureLargeMessageRss();
    console.log(`one 25 MB message raises peak RSS by ${rss25MbDeltaMb} MB`);

    const ratios = {
      oursVsDiscard2KB: Number((rate('ours') / rate('discard')).toFixed(2)),
      oursVsMaildev2KB: Number((rate('ours') / rate('maildev')).toFixed(2)),
    };
    console.log(
      `ours / discard (2KB): ${ratios.oursVsDiscard2KB} (target >= 0.6); ours / MailDev (2KB): ${ratios.oursVsMaildev2KB} (target >= 10); event p99 target < 50 ms; 25 MB RSS target < 100 MB`,
    );
    console.log(
      JSON.stringify({
        bench: 'smtp',
        connections: CONNECTIONS,
        quick,
        results,
        eventP99Ms,
        eventRatePerSecond: halfLoad,
        rss25MbDeltaMb,
        ratios,
      }),
    );
  },
};
