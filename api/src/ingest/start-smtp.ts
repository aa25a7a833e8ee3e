import fs from 'node:fs';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server';
import type { Config } from '../config.js';
import type { Ingest } from './ingest-messages.js';
import type { TlsSession } from '../features/messages/message-types.js';
import type { CreateLimiter } from '../features/limits/create-limiter.js';
import { hasEnded } from '../features/mailboxes/has-ended.js';
import type { Mailbox, MailboxStore } from '../features/mailboxes/mailbox-store.js';
import { cacheRecipients } from './cache-recipients.js';
import { collectMessage } from './collect-message.js';
import { classifyRecipient, type RecipientClass } from './classify-recipient.js';
import { limitUnknownRecipients } from './limit-unknown-recipients.js';

/** How long a live recipient is remembered between look-ups. */
const RECIPIENT_CACHE_MS = 2_000;
/** How often slow senders are looked for, and, on shutdown, sessions that became idle. */
const SWEEP_MS = 250;

type SmtpCallback = (error?: Error | null, message?: string) => void;

/** An SMTP reply: the code, and text that starts with its enhanced status code (RFC 3463). */
function reply(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

const ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3} /;

/** The parts of smtp-server's connection object this file reaches into. */
interface SmtpConnection {
  readonly session: SMTPServerSession;
  /** The socket replies are written to: the TLS one after STARTTLS. */
  readonly _socket: Socket | undefined;
  send(code: number, data?: unknown, context?: unknown): void;
  /** Set while an application handler (onData's commit, a look-up) has not called back. */
  readonly _handlerPending: boolean;
  /** Set from DATA until the message has been answered. */
  readonly _dataStream: unknown;
  readonly _closing: boolean;
}

/** RFC 5321 section 4.5.3.1.6: a text line is at most 1000 octets, CRLF included. */
const LINE_BYTES = 1_000;

/** Where the line a client is sending stands: when it began, and its bytes since then. */
interface LineProgress {
  since: number | undefined;
  bytes: number;
}

/**
 * Replies written in one turn of the event loop leave in one write, as Postfix's smtpd
 * flushes only once it has read what the client sent. A client that pipelines (RFC 2920, as
 * MTAs do) sends MAIL, RCPT and DATA in one packet, and their three replies were three
 * writes (each a system call and a wake-up of the client): under load the replies' writes
 * were a sixth of the main thread's busy time. STARTTLS's 220 may wait too: the client
 * starts TLS only once it has read it.
 */
function holdForThisTurn(socket: Socket | undefined): void {
  if (!socket || socket.writableCorked > 0) return;
  socket.cork();
  setImmediate(() => socket.uncork());
}

/**
 * smtp-server adds an enhanced status code chosen by the reply code alone, so every 550
 * would read 5.1.1. A reply whose text already names its code (550 5.7.1 for relaying,
 * 451 4.3.0, 421 4.7.0) keeps that one; the library's own replies keep the library's code.
 *
 * It also bounds slow senders. The library's idle timeout restarts on every byte, so a
 * client dribbling a byte now and then would hold its slot (and its per-IP share) forever.
 * Here a client must end a line, or send a line's worth of bytes, within the idle timeout
 * (the "slow loris" defence, much as Postfix's smtpd_per_record_deadline).
 */
class ReceiveOnlySmtpServer extends SMTPServer {
  private readonly progress = new WeakMap<SmtpConnection, LineProgress>();

  private get openConnections(): Set<SmtpConnection> {
    return (this as unknown as { connections: Set<SmtpConnection> }).connections;
  }

  override connect(socket: Socket, options: Parameters<SMTPServer['connect']>[1]): void {
    super.connect(socket, options);
    const connection = [...this.openConnections].at(-1);
    if (!connection) return;
    const send = connection.send.bind(connection);
    connection.send = (code, data, context) => {
      holdForThisTurn(connection._socket);
      send(code, data, typeof data === 'string' && ENHANCED_CODE.test(data) ? false : context);
    };
    this.watchLines(connection, socket);
  }

  // After STARTTLS the lines arrive on the TLS socket; the plaintext one carries only records.
  override onSecure(
    socket: Socket,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const connection = [...this.openConnections].find((open) => open.session === session);
    if (connection) this.watchLines(connection, socket);
    callback();
  }

  private watchLines(connection: SmtpConnection, socket: Socket): void {
    const line: LineProgress = { since: undefined, bytes: 0 };
    this.progress.set(connection, line);
    socket.on('data', (chunk: Buffer) => {
      const lastNewline = chunk.lastIndexOf(0x0a);
      if (lastNewline >= 0) {
        line.bytes = chunk.length - lastNewline - 1;
        line.since = line.bytes > 0 ? Date.now() : undefined;
        return;
      }
      line.since ??= Date.now();
      line.bytes += chunk.length;
      if (line.bytes >= LINE_BYTES) {
        line.since = Date.now();
        line.bytes = 0;
      }
    });
  }

  /**
   * The TLS session a session's mail comes over, if any: the cipher, and the protocol the
   * two ends agreed on. Not smtp-server's `session.tlsOptions.version`: that is Node's
   * `getCipher().version`, the oldest protocol the cipher suite works with (TLSv1.0 for a
   * TLS 1.2 session on ECDHE-RSA-AES128-SHA), not the one in use.
   */
  tlsOf(session: SMTPServerSession): TlsSession | undefined {
    if (!session.secure) return undefined;
    const connection = [...this.openConnections].find((open) => open.session === session);
    const socket = connection?._socket as TLSSocket | undefined;
    const cipher = socket?.getCipher?.();
    if (!cipher) return undefined;
    const version = socket!.getProtocol() ?? cipher.version;
    return { name: cipher.name, standardName: cipher.standardName, version };
  }

  /** Closes, with 421, every connection stuck in the middle of a line for `limitMs`. */
  closeSlowSenders(limitMs: number, now = Date.now()): void {
    for (const connection of this.openConnections) {
      const since = this.progress.get(connection)?.since;
      if (since !== undefined && now - since >= limitMs && !connection._closing)
        connection.send(421, '4.4.2 Timeout: too slow, closing connection');
    }
  }

  /** Closes, with 421, every connection not in a mail transaction: nothing is lost. */
  closeIdleSessions(): void {
    for (const connection of this.openConnections) {
      const inTransaction =
        Boolean(connection.session.envelope?.mailFrom) ||
        Boolean(connection._dataStream) ||
        connection._handlerPending;
      if (!inTransaction && !connection._closing)
        connection.send(421, '4.3.2 Service shutting down, please try again later');
    }
  }
}

export interface SmtpDeps {
  config: Config;
  logger: Logger;
  mailboxes: MailboxStore;
  ingest: Ingest;
  /** Counts unknown recipients per client address: shared across nodes with Redis. */
  createLimiter: CreateLimiter;
  now: () => number;
}

export interface RunningSmtp {
  readonly port: number;
  /**
   * Stops accepting. Sessions between messages get 421 at once; one in a transaction may
   * finish its message within the grace period (later commands get 421), then is cut.
   */
  close(): Promise<void>;
}

/**
 * The MAIL parameters our EHLO reply offers: SIZE, 8BITMIME's BODY, SMTPUTF8, and REQUIRETLS
 * after STARTTLS (smtp-server checks their values). RCPT takes none, DSN being off. A client
 * must not use a parameter it was not offered; one that does gets 555 5.5.4 (RFC 5321
 * section 4.1.1.11) rather than a silent pass.
 */
const MAIL_PARAMETERS: ReadonlySet<string> = new Set(['SIZE', 'BODY', 'SMTPUTF8', 'REQUIRETLS']);
const RCPT_PARAMETERS: ReadonlySet<string> = new Set();

/** The 555 for the first parameter of `address` not in `offered`, if any. */
function unofferedParameter(address: SMTPServerAddress, offered: ReadonlySet<string>) {
  const name = Object.keys(address.args || {}).find((key) => !offered.has(key));
  return name === undefined
    ? undefined
    : reply(555, `5.5.4 Parameter ${name} is not supported by this server`);
}

/**
 * A header line recording the hop, as every MTA adds one (RFC 5321 section 4.4). Over TLS it
 * says which protocol and cipher, in a comment as Postfix writes it, and `with ESMTPS`.
 */
function receivedHeader(
  session: SMTPServerSession,
  tls: TlsSession | undefined,
  hostname: string,
  now: number,
): Buffer {
  const helo = (session.hostNameAppearsAs || 'unknown').replace(/[^\x21-\x7e]/g, '');
  const protocol = session.transmissionType || 'ESMTP';
  const using = tls ? `\r\n\t(using ${tls.version} with cipher ${tls.standardName})` : '';
  return Buffer.from(
    `Received: from ${helo} ([${session.remoteAddress}])${using}\r\n\tby ${hostname} with ${protocol} id ${session.id};\r\n\t${new Date(now).toUTCString()}\r\n`,
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
  const unknownRecipients = limitUnknownRecipients({
    createLimiter: deps.createLimiter,
    perConnection: config.smtp.maxUnknownRecipients,
    perIpHour: config.smtp.unknownRecipientsPerIpHour,
    logger,
  });
  const noSuchMailbox = () => reply(550, '5.1.1 Recipient address rejected: no such mailbox');
  const addressEnded = () => reply(550, '5.1.1 Recipient address rejected: this address has ended');
  const deferred = () =>
    reply(450, '4.7.1 Too many unknown recipients from your address, try again later');

  /** The mailbox a recipient on our domains goes to, or the refusal it gets. */
  async function admitRecipient(
    recipient: Exclude<RecipientClass, { kind: 'relay' }>,
    session: SMTPServerSession,
  ): Promise<Error | Mailbox> {
    if (!(await unknownRecipients.admit(session))) return deferred();
    const now = deps.now();
    const mailbox =
      recipient.kind === 'local' ? await findRecipient(recipient.lookup, now) : undefined;
    // A real address, so not counted as a guess; its owner chose to end it.
    if (mailbox) return hasEnded(mailbox, now) ? addressEnded() : mailbox;
    return (await unknownRecipients.countUnknown(session)) ? noSuchMailbox() : deferred();
  }

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

    onMailFrom(address: SMTPServerAddress, session, callback: SmtpCallback) {
      const refusal = unofferedParameter(address, MAIL_PARAMETERS);
      if (refusal) {
        callback(refusal);
        return;
      }
      recipients.set(session, new Set());
      callback();
    },

    onRcptTo(address: SMTPServerAddress, session, callback: SmtpCallback) {
      const refusal = unofferedParameter(address, RCPT_PARAMETERS);
      if (refusal) {
        callback(refusal);
        return;
      }
      const accepted = recipients.get(session) ?? new Set<string>();
      recipients.set(session, accepted);
      if (unknownRecipients.exhausted(session)) {
        callback(reply(421, '4.7.0 Too many unknown recipients, closing connection'));
        return;
      }
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
      admitRecipient(recipient, session).then(
        (admitted) => {
          if (admitted instanceof Error) {
            callback(admitted);
            return;
          }
          accepted.add(admitted.id);
          callback();
        },
        (error: unknown) => {
          logger.error({ err: error }, 'smtp: recipient look-up failed');
          callback(reply(451, '4.3.0 Temporary failure, please try again later'));
        },
      );
    },

    onData(stream: SMTPServerDataStream, session, callback: SmtpCallback) {
      const tls = server.tlsOf(session);
      // Stamped when the data starts, as MTAs stamp the time a message began to arrive.
      const message = collectMessage(
        receivedHeader(session, tls, config.smtp.hostname, deps.now()),
        config.smtp.maxMessageBytes,
      );
      // Read to the end whatever the size: stopping early would let the rest of the data
      // be read as commands. smtp-server answers an oversized message 552 5.3.4 itself.
      stream.on('data', (chunk: Buffer) => message.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(reply(552, '5.3.4 Message size exceeds fixed limit'));
          return;
        }
        const mailboxIds = [...(recipients.get(session) ?? [])];
        deps.ingest.accept(message.bytes(), mailboxIds, tls).then(
          (ids) => {
            // Every recipient ended while the message was on its way: a message to an
            // address that ends with its first one lost the race to another, the
            // address's time came, or it was deleted. Refused as RCPT would now refuse it.
            if (ids.length === 0) callback(addressEnded());
            else callback(null, `2.0.0 Ok: queued as ${ids[0]}`);
          },
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

  let closing = false;
  const sweep = setInterval(
    () => {
      server.closeSlowSenders(config.smtp.idleTimeoutMs);
      // A session that was mid-transaction at shutdown goes once its message is answered.
      if (closing) server.closeIdleSessions();
    },
    Math.min(SWEEP_MS, config.smtp.idleTimeoutMs / 4),
  ).unref();

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleSessions();
      }),
  };
}
