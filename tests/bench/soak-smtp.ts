// The soak's mail: a steady rate over a few reused SMTP connections, where every reply has a
// deadline and any failure costs only its own message (the connection is dropped and the
// next message opens another), as a sending MTA would behave. Unlike smtp-load.ts, which
// measures throughput and stops at the first surprise, this one records and carries on.
import net from 'node:net';
import { readSmtpReplies } from './read-smtp-replies.js';
import { describeError, type Outcome } from './soak-recorder.js';

const REPLY_TIMEOUT_MS = 15_000;

class ReplyError extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome);
  }
}

/** One SMTP connection; each command's reply is awaited before the next is sent. */
class SmtpConnection {
  private waiter: ((line: string) => void) | undefined;
  private failure: Outcome | undefined;
  private onFailure: ((outcome: Outcome) => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    readSmtpReplies(socket, (line) => {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter?.(line);
    });
    socket.on('error', (error) => this.fail(describeError(error)));
    socket.on('close', () => this.fail('connection closed'));
  }

  private fail(outcome: Outcome): void {
    this.failure ??= outcome;
    this.onFailure?.(this.failure);
  }

  static async open(port: number): Promise<SmtpConnection> {
    const socket = net.connect(port, '127.0.0.1');
    const connection = new SmtpConnection(socket);
    await connection.expect('220', undefined);
    await connection.expect('250', 'EHLO soak.bench.example\r\n');
    return connection;
  }

  get usable(): boolean {
    return this.failure === undefined && !this.socket.destroyed;
  }

  /** Writes `command` (if any) and waits for a reply starting with `code`. */
  private expect(code: string, command: string | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.failure !== undefined) return reject(new ReplyError(this.failure));
      const timer = setTimeout(() => {
        this.socket.destroy();
        reject(new ReplyError('timeout'));
      }, REPLY_TIMEOUT_MS);
      this.onFailure = (outcome) => {
        clearTimeout(timer);
        reject(new ReplyError(outcome));
      };
      this.waiter = (line) => {
        clearTimeout(timer);
        this.onFailure = undefined;
        if (line.startsWith(code)) resolve();
        else reject(new ReplyError(`SMTP ${line.slice(0, 3)}`));
      };
      if (command !== undefined) this.socket.write(command);
    });
  }

  async send(to: string, body: Buffer): Promise<void> {
    await this.expect('250', 'MAIL FROM:<soak@bench.example>\r\n');
    await this.expect('250', `RCPT TO:<${to}>\r\n`);
    await this.expect('354', 'DATA\r\n');
    this.socket.write(body);
    await this.expect('250', '\r\n.\r\n');
  }

  close(): void {
    if (this.usable) this.socket.end('QUIT\r\n');
    else this.socket.destroy();
  }
}

export interface SentMessage {
  n: number;
  to: string;
  startedAt: number;
  /** performance.now() of the 250 after the data; unset when it did not come. */
  acknowledgedAt?: number;
  outcome: Outcome;
}

/**
 * Sends message n at `started + n / perSecond` s over `connections` connections until
 * `until` (performance.now()); a connection that fails is replaced for the next message.
 * Resolves when every started transaction has ended.
 */
export async function sendSteadily(options: {
  port: number;
  connections: number;
  perSecond: number;
  until: number;
  recipient: (n: number) => string;
  build: (n: number, to: string) => Buffer;
  onResult: (message: SentMessage) => void;
}): Promise<void> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      let connection: SmtpConnection | undefined;
      try {
        for (;;) {
          const n = next++;
          const due = started + (n / options.perSecond) * 1000;
          if (due >= options.until) break;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const to = options.recipient(n);
          const startedAt = performance.now();
          try {
            if (!connection?.usable) {
              connection?.close();
              connection = await SmtpConnection.open(options.port);
            }
            await connection.send(to, options.build(n, to));
            options.onResult({
              n,
              to,
              startedAt,
              acknowledgedAt: performance.now(),
              outcome: 'ok',
            });
          } catch (error) {
            const outcome = error instanceof ReplyError ? error.outcome : describeError(error);
            options.onResult({ n, to, startedAt, outcome });
            // After a refusal the session is in an unknown state: start over.
            connection?.close();
            connection = undefined;
          }
        }
      } finally {
        connection?.close();
      }
    }),
  );
}
