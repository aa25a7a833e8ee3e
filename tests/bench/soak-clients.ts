// The soak's HTTP clients: address generation (`POST /v1/generate-email`, and mail.tm's
// `POST /accounts` + `POST /token`) and inbox polling (`GET /v1/messages` with the last ETag,
// and mail.tm's `GET /messages`), each at a steady rate, alternating between the web nodes.
import { randomBytes } from 'node:crypto';
import { describeError, type Operation, type SoakRecorder } from './soak-recorder.js';

const REQUEST_TIMEOUT_MS = 10_000;
/** Requests of one loop in flight at once; past it a tick is skipped and counted. */
const IN_FLIGHT_CAP = 64;
/** Generated mailboxes kept as recipients and poll targets: the most recent ones. */
const POOL_SIZE = 500;
const DOMAIN = 'tempmail.test';

export interface SoakMailbox {
  address: string;
  token: string;
  surface: 'v1' | 'mailtm';
}

/** Runs `task(i)` at `perSecond` from now until `until` (performance.now()), never waiting. */
export async function atSteadyRate(options: {
  perSecond: number;
  until: number;
  operation: Operation;
  recorder: SoakRecorder;
  task: (i: number) => Promise<void>;
}): Promise<void> {
  const started = performance.now();
  const running = new Set<Promise<void>>();
  for (let i = 0; ; i++) {
    const due = started + (i / options.perSecond) * 1000;
    if (due >= options.until) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (running.size >= IN_FLIGHT_CAP) {
      options.recorder.record(options.operation, performance.now(), 'not sent: client backlog');
      continue;
    }
    const task = options.task(i).finally(() => running.delete(task));
    running.add(task);
  }
  await Promise.all(running);
}

interface Answer {
  status: number;
  etag: string | null;
  body: string;
}

/** One request, recorded as `operation`: ok when it answered one of `expected`. */
async function call(
  recorder: SoakRecorder,
  operation: Operation,
  url: string,
  init: RequestInit,
  expected: number[],
): Promise<Answer | undefined> {
  const startedAt = performance.now();
  const route = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    // Read the body inside the timing: a poll is done when its list has arrived.
    const body = await response.text();
    if (!expected.includes(response.status)) {
      recorder.record(operation, startedAt, `HTTP ${response.status} ${route}`);
      return undefined;
    }
    recorder.record(operation, startedAt, 'ok');
    return { status: response.status, etag: response.headers.get('etag'), body };
  } catch (error) {
    recorder.record(operation, startedAt, describeError(error));
    return undefined;
  }
}

export class SoakClients {
  /** Mailboxes made during the soak, newest last. */
  readonly generated: SoakMailbox[] = [];
  private readonly etags = new Map<string, string>();

  constructor(
    private readonly recorder: SoakRecorder,
    private readonly webUrls: readonly string[],
    /** Mailboxes made before the load (the streams watch them), polled as well. */
    private readonly fixed: readonly SoakMailbox[],
  ) {}

  private url(i: number, path: string): string {
    return `${this.webUrls[i % this.webUrls.length]}${path}`;
  }

  private remember(mailbox: SoakMailbox): void {
    this.generated.push(mailbox);
    if (this.generated.length > POOL_SIZE) this.generated.shift();
  }

  /** A mailbox through `POST /v1/generate-email`; throws when none could be made. */
  async generateV1(i: number): Promise<SoakMailbox> {
    const response = await call(
      this.recorder,
      'generate',
      this.url(i, '/v1/generate-email'),
      { method: 'POST' },
      [201],
    );
    if (!response) throw new Error('POST /v1/generate-email failed');
    const { address, token } = JSON.parse(response.body) as { address: string; token: string };
    return { address, token, surface: 'v1' };
  }

  /** Address generation `i`: /v1 on even turns, mail.tm's account and token on odd ones. */
  async generate(i: number): Promise<void> {
    if (i % 2 === 0) {
      const mailbox = await this.generateV1(i).catch(() => undefined);
      if (mailbox) this.remember(mailbox);
      return;
    }
    const credentials = JSON.stringify({
      address: `soak${randomBytes(5).toString('hex')}@${DOMAIN}`,
      password: 'soak-password',
    });
    const init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: credentials,
    };
    const account = await call(this.recorder, 'generate', this.url(i, '/accounts'), init, [201]);
    if (!account) return;
    // The token from the other node: they share the database.
    const token = await call(this.recorder, 'generate', this.url(i + 1, '/token'), init, [200]);
    if (!token) return;
    const { address } = JSON.parse(credentials) as { address: string };
    this.remember({
      address,
      token: (JSON.parse(token.body) as { token: string }).token,
      surface: 'mailtm',
    });
  }

  private pick(surface: SoakMailbox['surface']): SoakMailbox | undefined {
    const candidates = surface === 'v1' ? [...this.fixed, ...this.generated] : this.generated;
    const matching = candidates.filter((mailbox) => mailbox.surface === surface);
    return matching[Math.floor(Math.random() * matching.length)];
  }

  /** Poll `i`: /v1 (conditional) on even turns, mail.tm's list on odd ones. */
  async poll(i: number): Promise<void> {
    const mailtm = i % 2 === 1 ? this.pick('mailtm') : undefined;
    if (mailtm) {
      await call(
        this.recorder,
        'poll',
        this.url(i >> 1, '/messages'),
        { headers: { Authorization: `Bearer ${mailtm.token}` } },
        [200],
      );
      return;
    }
    const mailbox = this.pick('v1');
    if (!mailbox) return;
    const etag = this.etags.get(mailbox.token);
    const response = await call(
      this.recorder,
      'poll',
      this.url(i >> 1, '/v1/messages'),
      {
        headers: {
          Authorization: `Bearer ${mailbox.token}`,
          ...(etag === undefined ? {} : { 'If-None-Match': etag }),
        },
      },
      [200, 304],
    );
    if (response?.etag) this.etags.set(mailbox.token, response.etag);
  }

  /** Any mailbox made so far, as a recipient. */
  randomRecipient(): string | undefined {
    return this.generated[Math.floor(Math.random() * this.generated.length)]?.address;
  }
}
