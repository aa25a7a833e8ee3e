// Hostile SMTP clients against the real server (a child process, STARTTLS on): each abuse is
// refused or cut, and the server keeps serving the well-behaved client that comes next.
//
// Covered in api/test/ingest/smtp-dialogues.test.ts, not repeated here: a 200 KB command line
// (421 4.4.2), one recipient past the cap (452 4.5.3), an oversized DATA read to its end and
// refused with 552 5.3.4 (the session stays in step), a declared SIZE above the limit, too
// many connections from one IP (421), a silent connection after the greeting (421 timeout),
// mail over STARTTLS, and the unknown-recipient budget shared by two nodes through Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTmAccount, listSubjects } from '../support/mail-tm-account.js';
import {
  SmtpClient,
  ehlo,
  greeting,
  mailFrom,
  playDialogue,
  type DialogueStep,
} from '../support/smtp-client.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { createTestCertificate } from '../support/test-certificate.js';

const IDLE_TIMEOUT_MS = 1_500;
const MAX_RECIPIENTS = 3;
const MAX_CONNECTIONS_PER_IP = 3;
const MAX_UNKNOWN_RECIPIENTS = 5;
const UNKNOWN_RECIPIENTS_PER_IP_HOUR = 8;

const message = (subject: string) =>
  `From: Shop <sender@shop.example>\r\nSubject: ${subject}\r\n\r\nHello.\r\n.`;

let server: RunningServer;
let certificate: ReturnType<typeof createTestCertificate>;
let alice: { id: string; token: string };

/** A well-behaved client delivers one message: the server is still up and serving. */
async function deliver(subject: string): Promise<void> {
  const client = await SmtpClient.connect(server.smtpPort);
  try {
    await playDialogue(client, [
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      { send: 'DATA', expect: 354 },
      { send: message(subject), expect: [250, /^250 2\.0\.0 /] },
      { send: 'QUIT', expect: 221 },
    ]);
  } finally {
    client.close();
  }
}

/** Subjects in alice's mailbox; one still being parsed reads '' (parsing follows the 250). */
async function aliceSubjects(): Promise<string[]> {
  return listSubjects(server.url, alice.token);
}

beforeAll(async () => {
  certificate = createTestCertificate();
  server = await startServer({
    env: {
      SMTP_TLS_KEY: certificate.keyFile,
      SMTP_TLS_CERT: certificate.certFile,
      SMTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      SMTP_MAX_RECIPIENTS: String(MAX_RECIPIENTS),
      SMTP_MAX_CONNECTIONS_PER_IP: String(MAX_CONNECTIONS_PER_IP),
      SMTP_MAX_UNKNOWN_RECIPIENTS: String(MAX_UNKNOWN_RECIPIENTS),
      SMTP_UNKNOWN_RECIPIENTS_PER_IP_HOUR: String(UNKNOWN_RECIPIENTS_PER_IP_HOUR),
      MAILTM_RATE_LIMIT: '100000',
    },
  });
  alice = await createMailTmAccount(server.url, 'alice@tempmail.test');
}, 60_000);

afterAll(async () => {
  await server?.stop();
  certificate?.remove();
});

describe('SMTP abuse', () => {
  it('cuts an 8 MB command line with 421 without waiting for its end, and serves the next client', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    try {
      await playDialogue(client, [greeting, ehlo]);
      // No line end at all: a server that buffered until CRLF would never answer.
      const chunk = Buffer.alloc(64 * 1024, 'a');
      await client.write('MAIL FROM:<');
      for (let sent = 0; sent < 8 * 1024 * 1024 && !client.closed; sent += chunk.length) {
        if (client.hasReply) break;
        await client.write(chunk);
      }
      expect((await client.reply()).text).toMatch(/^421 .*too long/i);
      await client.waitClosed();
    } finally {
      client.close();
    }
    await deliver('after the long line');
    await expect.poll(aliceSubjects).toContain('after the long line');
  });

  it('refuses an early talker, who speaks before the greeting, with 421', async () => {
    const client = await SmtpClient.connect(
      server.smtpPort,
      'EHLO early.example\r\nMAIL FROM:<spam@early.example>\r\n',
    );
    try {
      const first = await client.reply();
      expect(first.code).toBe(421);
      expect(first.text).toMatch(/too soon/i);
      await client.waitClosed();
    } finally {
      client.close();
    }
  });

  it('answers an HTTP request on the SMTP port with 421 and closes', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    try {
      await playDialogue(client, [greeting]);
      // A web page can make a browser post to any port: it must not be read as SMTP.
      void client.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\nQUIT');
      expect((await client.reply()).text).toMatch(/^421 .*HTTP/);
      await client.waitClosed();
    } finally {
      client.close();
    }
  });

  it('discards commands pipelined after STARTTLS instead of running them in the TLS session', async () => {
    // CVE-2011-0411: plaintext sent with STARTTLS, in the same packet, must not be executed
    // as if it had come over the encrypted channel.
    const plain = await SmtpClient.connect(server.smtpPort);
    let secure: SmtpClient | undefined;
    try {
      await playDialogue(plain, [greeting, ehlo]);
      void plain.write(
        'STARTTLS\r\nEHLO injected.example\r\nMAIL FROM:<injected@evil.example>\r\nRCPT TO:<alice@tempmail.test>\r\n',
      );
      expect((await plain.reply()).code).toBe(220);
      secure = await plain.startTls();
      // Had the injected lines run, their replies would come first and a transaction would
      // be open; a fresh TLS session knows no greeting and no sender.
      await playDialogue(secure, [
        { send: 'RCPT TO:<alice@tempmail.test>', expect: 503 },
        ehlo,
        { send: 'RCPT TO:<alice@tempmail.test>', expect: 503 },
        mailFrom,
        { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
        { send: 'DATA', expect: 354 },
        { send: message('after starttls'), expect: 250 },
      ]);
      expect(secure.hasReply).toBe(false);
    } finally {
      secure?.close();
      plain.close();
    }
    await expect.poll(aliceSubjects).toContain('after starttls');
  });

  it('answers a flood of pipelined recipients 452 past the cap, and the message still goes', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    const flood = 500;
    try {
      await playDialogue(client, [greeting, ehlo, mailFrom]);
      const lines = Array.from(
        { length: flood },
        (_, index) => `RCPT TO:<alice+${index}@tempmail.test>\r\n`,
      );
      void client.write(lines.join(''));
      const codes: number[] = [];
      for (let index = 0; index < flood; index += 1) codes.push((await client.reply()).code);
      expect(codes.slice(0, MAX_RECIPIENTS)).toEqual(Array(MAX_RECIPIENTS).fill(250));
      expect(new Set(codes.slice(MAX_RECIPIENTS))).toEqual(new Set([452]));
      await playDialogue(client, [
        { send: 'DATA', expect: 354 },
        { send: message('after the flood'), expect: 250 },
        { send: 'QUIT', expect: 221 },
      ]);
    } finally {
      client.close();
    }
    // Several of alice's addresses were accepted: still one copy for her mailbox.
    await expect
      .poll(async () => (await aliceSubjects()).filter((subject) => subject === 'after the flood'))
      .toHaveLength(1);
  });

  it('stops a client guessing addresses, however often it reconnects, and serves the next client', async () => {
    // Another loopback address: the guesser's budget is its own, not the other tests'.
    const guesser = '127.0.0.41';
    const guess = (name: string): DialogueStep => ({
      send: `RCPT TO:<${name}@tempmail.test>`,
      expect: [550, /^550 5\.1\.1 /],
    });
    const guesses = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => guess(`${prefix}${index}`));
    const deferred = (name: string): DialogueStep => ({
      send: `RCPT TO:<${name}@tempmail.test>`,
      expect: [450, /^450 4\.7\.1 /],
    });

    const first = await SmtpClient.connect(server.smtpPort, undefined, guesser);
    try {
      await playDialogue(first, [
        greeting,
        ehlo,
        mailFrom,
        ...guesses(MAX_UNKNOWN_RECIPIENTS, 'first'),
        { send: 'RCPT TO:<alice@tempmail.test>', expect: [421, /^421 4\.7\.0 /] },
      ]);
      await first.waitClosed();
    } finally {
      first.close();
    }
    const second = await SmtpClient.connect(server.smtpPort, undefined, guesser);
    try {
      // The rest of the hour's budget, then alice and a stranger get the same answer.
      await playDialogue(second, [
        greeting,
        ehlo,
        mailFrom,
        ...guesses(UNKNOWN_RECIPIENTS_PER_IP_HOUR - MAX_UNKNOWN_RECIPIENTS, 'second'),
        deferred('alice'),
        deferred('nobody'),
      ]);
    } finally {
      second.close();
    }
    await deliver('after the guesser');
    await expect.poll(aliceSubjects).toContain('after the guesser');
  });

  it('cuts a sender gone quiet in the middle of DATA, stores nothing, and frees its slot', async () => {
    const stalled = await SmtpClient.connect(server.smtpPort);
    await playDialogue(stalled, [
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      { send: 'DATA', expect: 354 },
    ]);
    void stalled.write('From: Shop <sender@shop.example>\r\nSubject: stalled\r\n\r\nHalf a mess');
    const others = await holdConnections(MAX_CONNECTIONS_PER_IP - 1);
    try {
      const refused = await SmtpClient.connect(server.smtpPort);
      expect((await refused.reply()).code).toBe(421);
      refused.close();

      expect((await stalled.reply(IDLE_TIMEOUT_MS * 4)).text).toMatch(/^421 .*timeout/i);
      await stalled.waitClosed();
      // The slot it held is free again, while the other connections are still open.
      const next = await SmtpClient.connect(server.smtpPort);
      expect((await next.reply()).code).toBe(220);
      next.close();
    } finally {
      stalled.close();
      await others.release();
    }
    expect(await aliceSubjects()).not.toContain('stalled');
  });

  it('cuts a sender dribbling a byte at a time, though each byte comes within the idle timeout', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    try {
      await playDialogue(client, [greeting, ehlo]);
      // Never a line end, each byte well inside the idle timeout; bounded all the same.
      let dribbling = true;
      for (let sent = 0; !client.closed && !client.hasReply; sent += 1) {
        if (sent === 100) {
          dribbling = false;
          break;
        }
        await client.write('x');
        await new Promise((resolve) => setTimeout(resolve, IDLE_TIMEOUT_MS / 5));
      }
      expect(dribbling, 'cut while still dribbling').toBe(true);
      expect((await client.reply()).text).toMatch(/^421 4\.4\.2 /);
      await client.waitClosed();
    } finally {
      client.close();
    }
    await deliver('after the dribbler');
  });
});

/** Opens connections kept alive with NOOPs (so the idle timeout spares them) until released. */
async function holdConnections(count: number) {
  const clients = await Promise.all(
    Array.from({ length: count }, () => SmtpClient.connect(server.smtpPort)),
  );
  for (const client of clients) await playDialogue(client, [greeting]);
  let held = true;
  const keepAlive = (async () => {
    while (held) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_TIMEOUT_MS / 5));
      for (const client of clients) await playDialogue(client, [{ send: 'NOOP', expect: 250 }]);
    }
  })();
  return {
    async release() {
      held = false;
      await keepAlive.catch(() => undefined);
      for (const client of clients) client.close();
    },
  };
}
