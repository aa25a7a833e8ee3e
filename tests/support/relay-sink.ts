import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { ignoreConnectionResets } from './ignore-connection-resets.js';

/** What the sink makes of a message: the parts tests look at, by an independent parser. */
export interface SunkMessage {
  subject: string;
  from: { name: string; address: string } | undefined;
  messageId: string | undefined;
  text: string;
  html: string | undefined;
  attachments: { filename: string | null }[];
}

export interface RelaySink {
  /** SMTP_RELAY_URL pointing here. */
  url: string;
  /** The messages received so far, parsed, with their envelope recipients. */
  received(): Promise<{ to: string[]; raw: string; parsed: SunkMessage }[]>;
  /** Refuses the next `count` messages with 451, as a relay having trouble would. */
  failNext(count: number): void;
  close(): Promise<void>;
}

async function parse(raw: Buffer): Promise<SunkMessage> {
  const email = await PostalMime.parse(raw);
  const from = email.from && 'address' in email.from ? email.from : undefined;
  return {
    subject: email.subject ?? '',
    from: from && { name: from.name, address: from.address ?? '' },
    messageId: email.messageId,
    text: email.text ?? '',
    html: email.html,
    attachments: email.attachments.map((attachment) => ({ filename: attachment.filename })),
  };
}

/**
 * A local SMTP server standing in for the outbound relay: it keeps what it is given. It runs
 * in the test process, so it outlives a server that is killed while sending to it.
 */
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
        // Kept before the 250 goes out: whatever a sender saw accepted is here.
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  // A sender killed mid-session (the crash tests) resets its connection.
  ignoreConnectionResets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    async received() {
      return Promise.all(
        messages.map(async (message) => ({
          to: message.to,
          raw: message.raw.toString(),
          parsed: await parse(message.raw),
        })),
      );
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
