import fs from 'node:fs';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server';
import type { Config } from '../config.js';
import type { Ingest } from '../features/messages/ingest-messages.js';
import type { MailboxesRepository } from '../storage/repositories/mailboxes.js';
import { cacheRecipients } from './cache-recipients.js';
import { classifyRecipient } from './classify-recipient.js';

/** How long a live recipient is remembered between look-ups. */
const RECIPIENT_CACHE_MS = 2_000;

type SmtpCallback = (error?: Error | null, message?: string) => void;

/** An SMTP reply: the code, and text that starts with its enhanced status code (RFC 3463). */
function reply(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

const ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3} /;

interface SmtpConnection {
  send(code: number, data?: unknown, context?: unknown): void;
}

/**
 * smtp-server adds an enhanced status code chosen by the reply code alone, so every 550
 * would read 5.1.1. A reply whose text already names its code (550 5.7.1 for relaying,
 * 451 4.3.0, 421 4.7.0) keeps that one; the library's own replies keep the library's code.
 */
class ReceiveOnlySmtpServer extends SMTPServer {
  override connect(socket: Socket, options: Parameters<SMTPServer['connect']>[1]): void {
    super.connect(socket, options);
    const connections = (this as unknown as { connections: Set<SmtpConnection> }).connections;
    const connection = [...connections].at(-1);
    if (!connection) return;
    const send = connection.send.bind(connection);
    connection.send = (code, data, context) =>
      send(code, data, typeof data === 'string' && ENHANCED_CODE.test(data) ? false : context);
  }
}

export interface SmtpDeps {
  config: Config;
  logger: Logger;
  mailboxes: MailboxesRepository;
  ingest: Ingest;
  now: () => number;
}

export interface RunningSmtp {
  readonly port: number;
  /** Stops accepting; open sessions may finish within the grace period, then get 421. */
  close(): Promise<void>;
}

/** A header line recording the hop, as every MTA adds one (RFC 5321 section 4.4). */
function receivedHeader(session: SMTPServerSession, hostname: string, now: number): Buffer {
  const helo = (session.hostNameAppearsAs || 'unknown').replace(/[^\x21-\x7e]/g, '');
  const protocol = session.transmissionType || 'ESMTP';
  return Buffer.from(
    `Received: from ${helo} ([${session.remoteAddress}])\r\n\tby ${hostname} with ${protocol} id ${session.id};\r\n\t${new Date(now).toUTCString()}\r\n`,
  );
}

export async function startSmtp(deps: SmtpDeps): Promise<RunningSmtp> {
  const { config, logger } = deps;
  const perIp = new Map<string, number>();
  const counted = new Set<string>();
  const recipients = new WeakMap<SMTPServerSession, Set<string>>();
  const findRecipient = cacheRecipients(
    (address, now) => deps.mailboxes.findLiveRecipient(address, now),
    RECIPIENT_CACHE_MS,
  );

  const options: SMTPServerOptions = {
    name: config.smtp.hostname,
    banner: 'TempMail, receive only',
    size: config.smtp.maxMessageBytes,
    maxClients: config.smtp.maxClients,
    socketTimeout: config.smtp.idleTimeoutMs,
    // On shutdown, open sessions may finish this long before they are cut.
    closeTimeout: config.shutdownGraceMs,
    // Receive only: no AUTH (else every MAIL would get 530), STARTTLS only with a certificate.
    disabledCommands: config.smtp.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideSTARTTLS: !config.smtp.tls,
    hideENHANCEDSTATUSCODES: false,
    hideDSN: true,
    authOptional: true,
    // Reverse DNS costs up to seconds per connection and decides nothing here.
    disableReverseLookup: true,
    logger: false,
    ...(config.smtp.tls
      ? {
          key: fs.readFileSync(config.smtp.tls.keyFile),
          cert: fs.readFileSync(config.smtp.tls.certFile),
        }
      : {}),

    onConnect(session, callback: SmtpCallback) {
      const open = perIp.get(session.remoteAddress) ?? 0;
      if (open >= config.smtp.maxConnectionsPerIp) {
        callback(reply(421, '4.7.0 Too many connections from your address, try again later'));
        return;
      }
      perIp.set(session.remoteAddress, open + 1);
      counted.add(session.id);
      callback();
    },

    onClose(session) {
      if (!counted.delete(session.id)) return;
      const open = (perIp.get(session.remoteAddress) ?? 1) - 1;
      if (open <= 0) perIp.delete(session.remoteAddress);
      else perIp.set(session.remoteAddress, open);
    },

    onMailFrom(_address: SMTPServerAddress, session, callback: SmtpCallback) {
      recipients.set(session, new Set());
      callback();
    },

    onRcptTo(address: SMTPServerAddress, session, callback: SmtpCallback) {
      const accepted = recipients.get(session) ?? new Set<string>();
      recipients.set(session, accepted);
      if (session.envelope.rcptTo.length >= config.smtp.maxRecipients) {
        callback(reply(452, '4.5.3 Too many recipients'));
        return;
      }
      const recipient = classifyRecipient(address.address, config.mailDomains);
      if (recipient.kind === 'relay') {
        callback(
          reply(
            550,
            '5.7.1 Relay access denied: this server only receives mail for its own domains',
          ),
        );
        return;
      }
      if (recipient.kind === 'unknown') {
        callback(reply(550, '5.1.1 Recipient address rejected: no such mailbox'));
        return;
      }
      findRecipient(recipient.lookup, deps.now()).then(
        (mailbox) => {
          if (!mailbox) {
            callback(reply(550, '5.1.1 Recipient address rejected: no such mailbox'));
            return;
          }
          accepted.add(mailbox.id);
          callback();
        },
        (error: unknown) => {
          logger.error({ err: error }, 'smtp: recipient look-up failed');
          callback(reply(451, '4.3.0 Temporary failure, please try again later'));
        },
      );
    },

    onData(stream: SMTPServerDataStream, session, callback: SmtpCallback) {
      const chunks: Buffer[] = [];
      let kept = 0;
      // Read to the end whatever the size: stopping early would let the rest of the data
      // be read as commands. smtp-server answers an oversized message 552 5.3.4 itself.
      stream.on('data', (chunk: Buffer) => {
        if (kept + chunk.length <= config.smtp.maxMessageBytes) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(reply(552, '5.3.4 Message size exceeds fixed limit'));
          return;
        }
        const mailboxIds = [...(recipients.get(session) ?? [])];
        const now = deps.now();
        const raw = Buffer.concat([receivedHeader(session, config.smtp.hostname, now), ...chunks]);
        deps.ingest.accept(raw, mailboxIds).then(
          (ids) => callback(null, `2.0.0 Ok: queued as ${ids[0] ?? session.id}`),
          (error: unknown) => {
            logger.error({ err: error }, 'smtp: could not store a message; answered 451');
            callback(
              reply(451, '4.3.0 Temporary failure storing the message, please try again later'),
            );
          },
        );
      });
    },
  };

  const server = new ReceiveOnlySmtpServer(options);
  server.on('error', (error) => logger.warn({ err: error.message }, 'smtp connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.smtp.port, config.smtp.host, () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.smtp.port;

  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
