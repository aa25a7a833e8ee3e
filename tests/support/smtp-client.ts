import net from 'node:net';
import tls from 'node:tls';

export interface SmtpReply {
  code: number;
  /** The reply's lines joined by newlines, codes included. */
  text: string;
}

/** Reads replies line by line, for dialogues written as data and for misbehaving senders. */
export class SmtpClient {
  private buffer = '';
  private readonly replies: SmtpReply[] = [];
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(private readonly socket: net.Socket | tls.TLSSocket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.collect();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  /**
   * Connects to 127.0.0.1. `firstWords` go out with the connection, before any greeting can
   * arrive, as an early talker (or a browser pointed at the port) sends them. `from` is
   * another loopback address to connect from: a client with its own per-address limits.
   */
  static connect(port: number, firstWords?: string, from?: string): Promise<SmtpClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
        resolve(new SmtpClient(socket)),
      );
      if (firstWords !== undefined) socket.write(firstWords);
      socket.once('error', reject);
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private collect() {
    const lines: string[] = [];
    for (;;) {
      const end = this.buffer.indexOf('\r\n');
      if (end < 0) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        this.replies.push({ code: Number(line.slice(0, 3)), text: lines.join('\n') });
        lines.length = 0;
      }
    }
    if (lines.length > 0) this.buffer = `${lines.join('\r\n')}\r\n${this.buffer}`;
    this.wake();
  }

  /** Whether a reply has arrived that no `reply()` has taken yet. */
  get hasReply(): boolean {
    return this.replies.length > 0;
  }

  /** The next reply; rejects when the server closes first or after `timeoutMs`. */
  async reply(timeoutMs = 5_000): Promise<SmtpReply> {
    const deadline = Date.now() + timeoutMs;
    while (this.replies.length === 0) {
      if (this.closed) throw new Error('connection closed before a reply');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no reply in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.replies.shift()!;
  }

  /** Upgrades the connection after a 220 reply to STARTTLS (test certificates are self-signed). */
  /** Upgrades to TLS (after STARTTLS's 220), with `options` to choose a protocol or cipher. */
  startTls(options: tls.ConnectionOptions = {}): Promise<SmtpClient> {
    this.socket.removeAllListeners('data');
    return new Promise((resolve, reject) => {
      const secure = tls.connect(
        { ...options, socket: this.socket, rejectUnauthorized: false },
        () => resolve(new SmtpClient(secure)),
      );
      secure.once('error', reject);
    });
  }

  /** Writes, and resolves once the bytes are handed to the kernel (or the socket is gone). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) resolve();
      else this.socket.write(data, () => resolve());
    });
  }

  /** Resolves when the server has closed the connection. */
  async waitClosed(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('connection still open');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** One step of a dialogue: what to send (nothing: just read), and the reply expected. */
export interface DialogueStep {
  send?: string | Buffer;
  /** The reply code, and optionally a pattern its text must match. */
  expect: number | [number, RegExp];
}

/** The opening steps nearly every dialogue starts with. */
export const greeting: DialogueStep = { expect: [220, /ESMTP/] };
export const ehlo: DialogueStep = { send: 'EHLO client.example', expect: 250 };
export const mailFrom: DialogueStep = { send: 'MAIL FROM:<sender@shop.example>', expect: 250 };

/** Plays steps in order; returns the replies so a test can look closer. */
export async function playDialogue(
  client: SmtpClient,
  steps: readonly DialogueStep[],
): Promise<SmtpReply[]> {
  const seen: SmtpReply[] = [];
  for (const [index, step] of steps.entries()) {
    if (step.send !== undefined)
      void client.write(typeof step.send === 'string' ? `${step.send}\r\n` : step.send);
    const reply = await client.reply();
    seen.push(reply);
    const [code, pattern] = Array.isArray(step.expect) ? step.expect : [step.expect, undefined];
    const what = step.send === undefined ? '(greeting)' : String(step.send).slice(0, 80);
    if (reply.code !== code || (pattern && !pattern.test(reply.text))) {
      throw new Error(
        `step ${index} ${what}: expected ${code} ${pattern ?? ''}, got:\n${reply.text}`,
      );
    }
  }
  return seen;
}
