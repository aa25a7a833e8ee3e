import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMessage } from '../../src/features/messages/parse-message.js';

export interface RelaySink {
  /** SMTP_RELAY_URL pointing here. */
  url: string;
  /** The messages received so far, parsed, with their envelope recipients. */
  received(): Promise<
    { to: string[]; raw: string; parsed: Awaited<ReturnType<typeof parseMessage>> }[]
  >;
  /** Refuses the next `count` messages with 451, as a relay having trouble would. */
  failNext(count: number): void;
  close(): Promise<void>;
}

/** A local SMTP server standing in for the outbound relay: it keeps what it is given. */
export async function startRelaySink(): Promise<RelaySink> {
  const messages: { to: string[]; raw: Buffer }[] = [];
  let failures = 0;
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          callback(Object.assign(new Error('Temporary relay trouble'), { responseCode: 451 }));
          return;
        }
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    async received() {
      return Promise.all(
        messages.map(async (message) => ({
          to: message.to,
          raw: message.raw.toString(),
          parsed: await parseMessage(new Uint8Array(message.raw)),
        })),
      );
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
