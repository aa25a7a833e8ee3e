import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../restrict-permissions.js';
import type { SiteLanguage } from '../languages/site-languages.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An address object keeps a display name from being read as addresses. */
  replyTo?: string | { name: string; address: string };
  /** The Message-ID header, `<id@domain>`; nodemailer makes a random one when left out. */
  messageId?: string;
  attachments?: {
    filename?: string;
    contentType: string;
    content: Buffer;
    cid?: string;
    contentDisposition?: 'attachment' | 'inline';
  }[];
}

/** What the log line about a sent message says besides the message: the request behind it. */
export interface MailContext {
  requestId?: string;
}

export interface Mailer {
  /** Sends (or, without a relay, writes) one message; resolves with where it went. */
  send(mail: OutgoingMail, context?: MailContext): Promise<{ messageId: string; file?: string }>;
  /**
   * Writes `mail` as `send` would and sends it nowhere: the same work for a request that must
   * not be told apart by its timing from one that mails (a sign-in link for an email no
   * account has).
   */
  rehearse(mail: OutgoingMail, context?: MailContext): Promise<void>;
}

/**
 * Who asked for a mail we write to someone: the language it is written in (the asker's, as
 * their request showed it) and the request, which its log line names.
 */
export interface MailRequest {
  language: SiteLanguage;
  requestId?: string;
}

/** The mailer as a request's handler uses it: its log lines name the request. */
export function mailerFor(mailer: Mailer, requestId: string | undefined): Mailer {
  if (!requestId) return mailer;
  return {
    send: (mail, context) => mailer.send(mail, { requestId, ...context }),
    rehearse: (mail, context) => mailer.rehearse(mail, { requestId, ...context }),
  };
}

/**
 * Mail we write ourselves (sign-in links, forwarding, contact notices). With SMTP_RELAY_URL it
 * goes through that relay; without, each message is written to DATA_DIR/outbox as an .eml
 * file and logged, so a fresh machine can follow every flow that sends mail.
 */
export function createMailer(options: {
  from: string;
  relayUrl: string | undefined;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  // The message as the relay or the outbox would get it, kept in memory: what rehearse builds.
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  async function rehearse(mail: OutgoingMail, context: MailContext | undefined) {
    await writer.sendMail({ from: options.from, ...mail });
    options.logger.info({ ...context, subject: mail.subject }, 'mail written and dropped');
  }
  if (options.relayUrl) {
    const transport = nodemailer.createTransport(options.relayUrl);
    return {
      rehearse,
      async send(mail, context) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        options.logger.info(
          { ...context, to: mail.to, subject: mail.subject, messageId: info.messageId },
          'mail sent',
        );
        return { messageId: info.messageId };
      },
    };
  }
  return {
    rehearse,
    async send(mail, context) {
      const info = await writer.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      // Owner-only: sign-in mail holds a link that opens its account.
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      options.logger.info(
        { ...context, to: mail.to, subject: mail.subject, file },
        'mail written to the outbox',
      );
      return { messageId: info.messageId, file };
    },
  };
}
