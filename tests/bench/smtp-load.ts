import net from 'node:net';
import { readSmtpReplies } from './read-smtp-replies.js';

/** One SMTP connection that sends messages back to back, pipelining the envelope. */
class LoadConnection {
  private pending: ((reply: string) => void)[] = [];
  private replies: string[] = [];

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    readSmtpReplies(socket, (line) => {
      const waiter = this.pending.shift();
      if (waiter) waiter(line);
      else this.replies.push(line);
    });
  }

  static async open(port: number): Promise<LoadConnection> {
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const connection = net.connect(port, '127.0.0.1', () => resolve(connection));
      connection.once('error', reject);
    });
    const client = new LoadConnection(socket);
    await client.expect('220');
    client.socket.write('EHLO load.bench.example\r\n');
    await client.expect('250');
    return client;
  }

  private reply(): Promise<string> {
    const ready = this.replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve) => this.pending.push(resolve));
  }

  private async expect(code: string): Promise<void> {
    const line = await this.reply();
    if (!line.startsWith(code)) throw new Error(`expected ${code}, got: ${line}`);
  }

  /** Sends one message; resolves with ms from the end of DATA to the 250. */
  async send(to: string, body: Buffer): Promise<number> {
    this.socket.write(`MAIL FROM:<load@bench.example>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    await this.expect('250');
    await this.expect('250');
    await this.expect('354');
    this.socket.write(body);
    const started = performance.now();
    this.socket.write('\r\n.\r\n');
    await this.expect('250');
    return performance.now() - started;
  }

  close(): void {
    this.socket.end('QUIT\r\n');
  }
}

export interface LoadResult {
  messages: number;
  connections: number;
  seconds: number;
  /** This process's CPU meanwhile: the sender, and whatever else the bench runs beside it. */
  senderCpuMs: number;
  /** ms from the end of DATA to the 250, one per message. */
  latencies: number[];
  /** When each message (by number) got its 250, in performance.now() ms. */
  acknowledgedAt: Map<number, number>;
}

/**
 * Sends `messages` messages over `connections` reused connections; with `perSecond`, paces
 * the whole load to that rate.
 */
export async function runLoad(options: {
  port: number;
  to: string;
  connections: number;
  messages: number;
  build: (n: number) => Buffer;
  perSecond?: number;
}): Promise<LoadResult> {
  const connections = await Promise.all(
    Array.from({ length: options.connections }, () => LoadConnection.open(options.port)),
  );
  const latencies: number[] = [];
  const acknowledgedAt = new Map<number, number>();
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    connections.map(async (connection) => {
      for (;;) {
        const n = next++;
        if (n >= options.messages) break;
        if (options.perSecond) {
          const due = started + (n / options.perSecond) * 1000;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        latencies.push(await connection.send(options.to, options.build(n)));
        acknowledgedAt.set(n, performance.now());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  for (const connection of connections) connection.close();
  return {
    messages: options.messages,
    connections: options.connections,
    seconds,
    senderCpuMs: (cpu.user + cpu.system) / 1000,
    latencies,
    acknowledgedAt,
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
