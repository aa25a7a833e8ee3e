// The soak's live clients: `GET /v1/events` streams that behave like an EventSource. A cut
// stream reconnects to the same node after a short, growing pause, resuming with
// Last-Event-ID; every `event: message` frame is noted with the message number it names.
import http from 'node:http';
import { describeError, type SoakRecorder } from './soak-recorder.js';

/** Time to the `: connected` comment before an opening counts as timed out. */
const OPEN_TIMEOUT_MS = 15_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 4_000;

export interface SoakStream {
  readonly node: string;
  readonly mailbox: number;
  /** [opened, closed] in performance.now() ms; the last is open while closed is unset. */
  readonly openIntervals: { from: number; to?: number }[];
  /** Message number -> when its frame first arrived. */
  readonly heard: Map<number, number>;
}

export interface StreamTarget {
  node: string;
  port: number;
  token: string;
  mailbox: number;
}

/** The message number a frame's data names (subjects are `soak N`), if any. */
function messageNumber(data: string): number | undefined {
  const match = /"subject":"soak (\d+)"/.exec(data);
  return match ? Number(match[1]) : undefined;
}

/**
 * Opens one stream per target, `inFlight` openings at a time, and keeps each open until
 * `close()`: `onFrame` hears of the first frame of each message on each stream.
 */
export async function openSoakStreams(options: {
  targets: StreamTarget[];
  inFlight: number;
  recorder: SoakRecorder;
  onFrame: (stream: SoakStream, n: number, heardAt: number) => void;
}): Promise<{ streams: SoakStream[]; openNow(): number; close(): void }> {
  const { recorder } = options;
  let closing = false;
  const live = new Set<http.ClientRequest>();

  const run = (target: StreamTarget) => {
    const stream: SoakStream = {
      node: target.node,
      mailbox: target.mailbox,
      openIntervals: [],
      heard: new Map(),
    };
    let lastEventId: string | undefined;
    let failures = 0;
    let firstOpen: (() => void) | undefined;
    const firstOpened = new Promise<void>((resolve) => (firstOpen = resolve));

    const connect = () => {
      if (closing) return firstOpen?.();
      const startedAt = performance.now();
      let opened = false;
      let ended = false;
      let buffer = '';
      let failed = false;
      const failOpen = (outcome: string) => {
        if (opened || failed || ended || closing) return;
        failed = true;
        recorder.record('streamOpen', startedAt, outcome);
      };
      const retry = () => {
        if (ended) return;
        ended = true;
        live.delete(request);
        if (opened) stream.openIntervals.at(-1)!.to = performance.now();
        if (closing) return firstOpen?.();
        if (opened) recorder.incident(`stream dropped (${target.node})`);
        // A stream that never opened lets the opening phase go on; it keeps retrying.
        firstOpen?.();
        const backoff = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures);
        failures++;
        setTimeout(connect, backoff * (0.5 + Math.random() / 2));
      };
      const onFrame = (frame: string) => {
        if (!opened) {
          if (!frame.startsWith(': connected')) return;
          opened = true;
          failures = 0;
          request.setTimeout(0);
          stream.openIntervals.push({ from: performance.now() });
          recorder.record('streamOpen', startedAt, 'ok');
          firstOpen?.();
          firstOpen = undefined;
          return;
        }
        let id: string | undefined;
        let event = 'message';
        let data = '';
        for (const line of frame.split('\n')) {
          if (line.startsWith('id: ')) id = line.slice(4);
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (event !== 'message') return;
        if (id !== undefined) lastEventId = id;
        const n = messageNumber(data);
        if (n === undefined) return;
        // A resume may replay what this stream already had: only the first frame counts.
        if (stream.heard.has(n)) return;
        const heardAt = performance.now();
        stream.heard.set(n, heardAt);
        options.onFrame(stream, n, heardAt);
      };
      const request = http.request({
        host: '127.0.0.1',
        port: target.port,
        path: '/v1/events',
        agent: false,
        headers: {
          Authorization: `Bearer ${target.token}`,
          Accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
        },
      });
      live.add(request);
      request.setTimeout(OPEN_TIMEOUT_MS, () => {
        failOpen('timeout');
        request.destroy();
      });
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          failOpen(`HTTP ${response.statusCode} GET /v1/events`);
          response.resume();
          response.on('end', retry);
          response.on('error', retry);
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (;;) {
            const end = buffer.indexOf('\n\n');
            if (end < 0) break;
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            onFrame(frame);
          }
        });
        response.on('close', () => {
          failOpen('closed before `: connected`');
          retry();
        });
        response.on('error', retry);
      });
      request.on('error', (error) => {
        failOpen(describeError(error));
        retry();
      });
      request.on('close', retry);
      request.end();
    };
    return { stream, firstOpened, connect };
  };

  const runs = options.targets.map(run);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(options.inFlight, runs.length) }, async () => {
      while (next < runs.length) {
        const one = runs[next++]!;
        one.connect();
        await one.firstOpened;
      }
    }),
  );
  const streams = runs.map((one) => one.stream);
  return {
    streams,
    openNow: () =>
      streams.filter((stream) => {
        const last = stream.openIntervals.at(-1);
        return last !== undefined && last.to === undefined;
      }).length,
    close() {
      closing = true;
      for (const request of live) request.destroy();
    },
  };
}
