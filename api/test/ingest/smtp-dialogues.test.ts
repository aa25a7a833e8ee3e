// Inbound SMTP rules as dialogues: what a client sends, and the reply code (and text) it must
// get. Each dialogue runs on its own connection against the real server in this process.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import type { ConnectionOptions } from 'node:tls';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { limiterFactory, type CreateLimiter } from '../../src/features/limits/create-limiter.js';
import {
  createTestMailbox,
  startTestMailServer,
  type TestMailServer,
} from '../support/mail-server.js';
import {
  SmtpClient,
  ehlo,
  greeting,
  mailFrom,
  playDialogue,
  type DialogueStep,
} from '../../../tests/support/smtp-client.js';
import { createTestCertificate } from '../../../tests/support/test-certificate.js';

const LIMITS = {
  MAIL_DOMAINS: 'tempmail.test,other.test',
  SMTP_MAX_RECIPIENTS: '3',
  SMTP_MAX_MESSAGE_BYTES: '4096',
  SMTP_MAX_CONNECTIONS_PER_IP: '3',
  SMTP_IDLE_TIMEOUT_MS: '1500',
};

const data = (body: string): DialogueStep[] => [
  { send: 'DATA', expect: 354 },
  { send: `${body}\r\n.`, expect: [250, /^250 2\.0\.0 Ok: queued as [0-9a-f]{24}/] },
];
const message = (subject: string) =>
  `From: Shop <sender@shop.example>\r\nSubject: ${subject}\r\n\r\nHello.`;

let server: TestMailServer;

async function dialogue(steps: DialogueStep[], target = server, from?: string) {
  const client = await SmtpClient.connect(target.smtpPort, undefined, from);
  try {
    return await playDialogue(client, steps);
  } finally {
    client.close();
  }
}

async function storedSubjects(mailboxAddress: string): Promise<string[]> {
  await server.ingest.drain();
  const mailbox = await server.stores.mailboxes.findByAddress(mailboxAddress);
  const messages = await server.stores.messages.list([mailbox!.id], {
    limit: 100,
    offset: 0,
  });
  return messages.map((stored) => stored.subject).sort();
}

beforeAll(async () => {
  server = await startTestMailServer(LIMITS);
  await createTestMailbox(server, 'alice@tempmail.test');
  await createTestMailbox(server, 'bob@other.test');
  await createTestMailbox(server, 'gone@tempmail.test', -1_000);
  await createTestMailbox(server, 'smuggling@tempmail.test');
});
afterAll(() => server?.close());

describe('SMTP dialogues', () => {
  it('greets, and advertises SIZE, PIPELINING, 8BITMIME, SMTPUTF8 but no AUTH or STARTTLS', async () => {
    const [, features] = await dialogue([greeting, ehlo]);
    const lines = features!.text;
    for (const feature of [
      'PIPELINING',
      '8BITMIME',
      'SMTPUTF8',
      'ENHANCEDSTATUSCODES',
      'SIZE 4096',
    ]) {
      expect(lines).toContain(feature);
    }
    expect(lines).not.toMatch(/AUTH|STARTTLS/);
  });

  it('ends DATA only at <CRLF>.<CRLF>: a bare-LF dot smuggles no second message in', async () => {
    // SMTP smuggling (CVE-2023-51766 and kin): an end of data some servers accept and others
    // do not hides a second message inside the first one.
    for (const [index, fake] of ['\n.\n', '\n.\r\n', '\r\n.\n', '\r.\r\n'].entries()) {
      const subject = `smuggler ${index}`;
      const hidden = `smuggled ${index}`;
      await dialogue([
        greeting,
        ehlo,
        mailFrom,
        { send: 'RCPT TO:<smuggling@tempmail.test>', expect: 250 },
        ...data(
          `${message(subject)}${fake}MAIL FROM:<ceo@bank.example>\r\nRCPT TO:<alice@tempmail.test>\r\nDATA\r\nFrom: <ceo@bank.example>\r\nSubject: ${hidden}\r\n\r\nPay now.`,
        ),
        // One reply for the whole message: the server is back at its commands.
        { send: 'NOOP', expect: 250 },
      ]);
      const subjects = await storedSubjects('smuggling@tempmail.test');
      expect(subjects).toContain(subject);
      expect(subjects).not.toContain(hidden);
    }
  });

  it('refuses AUTH: a receive-only server has no users', async () => {
    await dialogue([
      greeting,
      ehlo,
      { send: 'AUTH PLAIN AGFsaWNlAHNlY3JldA==', expect: [500, /^500 5\.5\.2 /] },
    ]);
  });

  it('wants a greeting before mail', async () => {
    await dialogue([greeting, { send: 'MAIL FROM:<sender@shop.example>', expect: 503 }]);
  });

  it('delivers to a live mailbox, a subaddress, and a mailbox on a second domain', async () => {
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      ...data(message('plain')),
      mailFrom,
      { send: 'RCPT TO:<Alice+GitHub@TempMail.test>', expect: 250 },
      ...data(message('subaddress')),
      mailFrom,
      { send: 'RCPT TO:<bob@other.test>', expect: 250 },
      ...data(message('second domain')),
      { send: 'QUIT', expect: 221 },
    ]);
    expect(await storedSubjects('alice@tempmail.test')).toEqual(['plain', 'subaddress']);
    expect(await storedSubjects('bob@other.test')).toEqual(['second domain']);
  });

  it('refuses unknown and expired mailboxes with 550 5.1.1', async () => {
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<nobody@tempmail.test>', expect: [550, /^550 5\.1\.1 /] },
      { send: 'RCPT TO:<gone@tempmail.test>', expect: [550, /^550 5\.1\.1 /] },
      { send: 'RCPT TO:<-bad-@tempmail.test>', expect: [550, /^550 5\.1\.1 /] },
    ]);
  });

  it('relays nothing: other domains and routing tricks get 550 5.7.1', async () => {
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<someone@gmail.example>', expect: [550, /^550 5\.7\.1 /] },
      { send: 'RCPT TO:<alice%gmail.example@tempmail.test>', expect: [550, /^550 5\.7\.1 /] },
      { send: 'RCPT TO:<gmail.example!alice@tempmail.test>', expect: [550, /^550 5\.7\.1 /] },
      { send: 'RCPT TO:<@tempmail.test:alice@gmail.example>', expect: [550, /^550 5\.7\.1 /] },
      { send: 'RCPT TO:<alice@tempmail.test.gmail.example>', expect: [550, /^550 5\.7\.1 /] },
    ]);
  });

  it('ignores a source route to one of our addresses, as RFC 5321 advises', async () => {
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<@relay.example:alice@tempmail.test>', expect: 250 },
    ]);
  });

  it('never lets a quoted local part with an @ reach a mailbox', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    try {
      await playDialogue(client, [greeting, ehlo, mailFrom]);
      client.write('RCPT TO:<"alice@gmail.example"@tempmail.test>\r\n');
      const reply = await client.reply();
      expect(reply.text).toMatch(/^501 5\.1\.3 /);
    } finally {
      client.close();
    }
  });

  it('caps recipients per message with 452 4.5.3', async () => {
    await createTestMailbox(server, 'carol@tempmail.test');
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      { send: 'RCPT TO:<bob@other.test>', expect: 250 },
      { send: 'RCPT TO:<carol@tempmail.test>', expect: 250 },
      { send: 'RCPT TO:<alice+again@tempmail.test>', expect: [452, /^452 4\.5\.3 /] },
    ]);
  });

  it('reads an oversized message to its end, refuses it with 552 5.3.4, and carries on', async () => {
    const big = `Subject: big\r\n\r\n${'x'.repeat(76)}\r\n`.repeat(80);
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      { send: 'DATA', expect: 354 },
      { send: `${big}.`, expect: [552, /^552 5\.3\.4 /] },
      // The data was not read as commands: the session is still in step.
      { send: 'RSET', expect: 250 },
      mailFrom,
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      ...data(message('after the big one')),
    ]);
    expect(await storedSubjects('alice@tempmail.test')).toContain('after the big one');
    expect(await storedSubjects('alice@tempmail.test')).not.toContain('big');
  });

  it('refuses a declared SIZE above the limit before any data', async () => {
    await dialogue([
      greeting,
      ehlo,
      { send: 'MAIL FROM:<sender@shop.example> SIZE=999999', expect: [552, /^552 5\.3\.4 /] },
    ]);
  });

  it('refuses a parameter it did not offer with 555 5.5.4, and the transaction goes on', async () => {
    await dialogue([
      greeting,
      ehlo,
      { send: 'MAIL FROM:<sender@shop.example> FOO=bar', expect: [555, /^555 5\.5\.4 .*FOO/] },
      // DSN is not offered, so its parameters are refused too.
      { send: 'MAIL FROM:<sender@shop.example> RET=HDRS', expect: [555, /^555 5\.5\.4 .*RET/] },
      { send: 'MAIL FROM:<sender@shop.example> SIZE=100 BODY=7BIT', expect: 250 },
      {
        send: 'RCPT TO:<alice@tempmail.test> NOTIFY=NEVER',
        expect: [555, /^555 5\.5\.4 .*NOTIFY/],
      },
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      ...data(message('after a refused parameter')),
    ]);
    expect(await storedSubjects('alice@tempmail.test')).toContain('after a refused parameter');
  });

  it('answers pipelined commands in order', async () => {
    await dialogue([
      greeting,
      ehlo,
      {
        send: 'MAIL FROM:<sender@shop.example>\r\nRCPT TO:<alice@tempmail.test>\r\nRCPT TO:<nobody@tempmail.test>\r\nDATA',
        expect: 250,
      },
      { expect: 250 },
      { expect: [550, /5\.1\.1/] },
      { expect: 354 },
      { send: `${message('pipelined')}\r\n.`, expect: 250 },
    ]);
    expect(await storedSubjects('alice@tempmail.test')).toContain('pipelined');
  });

  it('answers a pipelined group with one write to its socket, not one per reply', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    // What reaches the kernel: each call of a socket's _write or _writev is one system call.
    const write = vi.spyOn(net.Socket.prototype, '_write');
    const writev = vi.spyOn(net.Socket.prototype, '_writev');
    const serverWrites = () =>
      [...write.mock.contexts, ...writev.mock.contexts].filter(
        (socket) => (socket as net.Socket).localPort === server.smtpPort,
      ).length;
    try {
      await playDialogue(client, [greeting, ehlo]);
      const before = serverWrites();
      await playDialogue(client, [
        {
          send: 'MAIL FROM:<sender@shop.example>\r\nRCPT TO:<alice@tempmail.test>\r\nDATA',
          expect: 250,
        },
        { expect: 250 },
        { expect: 354 },
      ]);
      expect(serverWrites() - before).toBe(1);
      await playDialogue(client, [{ send: `${message('in one write')}\r\n.`, expect: 250 }]);
    } finally {
      write.mockRestore();
      writev.mockRestore();
      client.close();
    }
    expect(await storedSubjects('alice@tempmail.test')).toContain('in one write');
  });

  it('takes SMTPUTF8 senders and 8-bit bodies', async () => {
    await dialogue([
      greeting,
      ehlo,
      { send: 'MAIL FROM:<josé@correo.example> SMTPUTF8 BODY=8BITMIME', expect: 250 },
      { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      ...data(
        'From: José <josé@correo.example>\r\nSubject: Olá, ação\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nCoração.',
      ),
    ]);
    expect(await storedSubjects('alice@tempmail.test')).toContain('Olá, ação');
  });

  it('stores one copy per mailbox, whatever the duplicate recipients', async () => {
    const dave = await createTestMailbox(server, 'dave@tempmail.test');
    const erin = await createTestMailbox(server, 'erin@other.test');
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<dave@tempmail.test>', expect: 250 },
      { send: 'RCPT TO:<DAVE+x@tempmail.test>', expect: 250 },
      { send: 'RCPT TO:<erin@other.test>', expect: 250 },
      ...data(message('to two mailboxes')),
    ]);
    await server.ingest.drain();
    const { messages } = server.stores;
    expect(await messages.count([dave.id])).toBe(1);
    expect(await messages.count([erin.id])).toBe(1);
  });

  it('limits open connections per IP with 421', async () => {
    const open = await Promise.all([1, 2, 3].map(() => SmtpClient.connect(server.smtpPort)));
    try {
      for (const client of open) expect((await client.reply()).code).toBe(220);
      const extra = await SmtpClient.connect(server.smtpPort);
      const reply = await extra.reply();
      expect(reply.code).toBe(421);
      await extra.waitClosed();
    } finally {
      for (const client of open) client.close();
    }
  });

  it('closes a connection that stays silent, freeing its slot', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    expect((await client.reply()).code).toBe(220);
    const timeout = await client.reply(5_000);
    expect(timeout.code).toBe(421);
    await client.waitClosed();
  });
});

describe('SMTP when the database fails', () => {
  it('answers 451 4.3.0, never 250, when the message cannot be committed', async () => {
    const broken = await startTestMailServer(LIMITS);
    try {
      await createTestMailbox(broken, 'alice@tempmail.test');
      const client = await SmtpClient.connect(broken.smtpPort);
      await playDialogue(client, [
        greeting,
        ehlo,
        mailFrom,
        { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
      ]);
      // Both connections go: the app's, and the ingest writer's (its own, on SQLite).
      await Promise.all([broken.database.storage.close(), broken.commits.close()]);
      await playDialogue(client, [
        { send: 'DATA', expect: 354 },
        { send: `${message('lost?')}\r\n.`, expect: [451, /^451 4\.3\.0 /] },
        { send: 'RCPT TO:<alice@tempmail.test>', expect: 503 },
      ]);
      client.close();
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

const unknown = (name: string): DialogueStep => ({
  send: `RCPT TO:<${name}@tempmail.test>`,
  expect: [550, /^550 5\.1\.1 /],
});
const guesses = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => unknown(`${prefix}${index}`));

describe('SMTP address guessing', () => {
  it('closes a connection with 421 4.7.0 after 20 unknown recipients; live ones pass before', async () => {
    const client = await SmtpClient.connect(server.smtpPort, undefined, '127.0.0.21');
    try {
      await playDialogue(client, [
        greeting,
        ehlo,
        mailFrom,
        { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
        ...guesses(10, 'guess'),
        { send: 'RSET', expect: 250 },
        mailFrom,
        // A new transaction does not reset the count: it is the connection's.
        ...guesses(9, 'again'),
        { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 },
        unknown('twentieth'),
        { send: 'RCPT TO:<twenty-first@tempmail.test>', expect: [421, /^421 4\.7\.0 /] },
      ]);
      await client.waitClosed();
    } finally {
      client.close();
    }
  });
});

// The budget per client address is counted by the server's limiters: in memory, and in
// Redis (shared by every node) when TEST_REDIS_URL is set.
const redisUrl = process.env.TEST_REDIS_URL;
/** Where the nodes of a group count: one node in memory, or two joined only by Redis. */
const limiterBackends: { name: string; nodes: 1 | 2; group(): () => CreateLimiter }[] = [
  { name: 'in memory', nodes: 1, group: () => () => limiterFactory() },
];
const redisClients: Redis[] = [];
if (redisUrl)
  limiterBackends.push({
    name: 'in Redis, across two nodes',
    nodes: 2,
    group() {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      redisClients.push(redis);
      // Counts of earlier runs live on in Redis for the hour: this group counts on its own.
      const namespace = `tempmail-test:${randomUUID()}`;
      return () => limiterFactory(redis, namespace);
    },
  });
afterAll(() => Promise.all(redisClients.map((redis) => redis.quit())));

describe.each(limiterBackends)(
  'SMTP unknown recipients per client address, counted $name',
  ({ nodes, group }) => {
    const BUDGET = 4;
    const servers: TestMailServer[] = [];

    beforeAll(async () => {
      const nodeLimiters = group();
      for (let node = 0; node < nodes; node += 1) {
        const started = await startTestMailServer(
          { ...LIMITS, SMTP_UNKNOWN_RECIPIENTS_PER_IP_HOUR: String(BUDGET) },
          undefined,
          nodeLimiters(),
        );
        servers.push(started);
        await createTestMailbox(started, 'alice@tempmail.test');
      }
    });
    afterAll(() => Promise.all(servers.map((started) => started.close())));

    it('defers every recipient, live or not, once the address has spent its budget, across connections', async () => {
      const [first, last] = [servers[0]!, servers.at(-1)!];
      const live: DialogueStep = { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 };
      const deferred = (name: string): DialogueStep => ({
        send: `RCPT TO:<${name}@tempmail.test>`,
        expect: [450, /^450 4\.7\.1 /],
      });
      const guesser = '127.0.0.31';
      await dialogue(
        [
          greeting,
          ehlo,
          mailFrom,
          live,
          ...guesses(BUDGET, 'guess'),
          deferred('alice'),
          deferred('nobody'),
        ],
        first,
        guesser,
      );
      // Reconnecting (to another node, when the count is shared) starts no new budget, and
      // a live address gets the same answer as an unknown one.
      await dialogue(
        [greeting, ehlo, mailFrom, deferred('alice'), deferred('nobody')],
        last,
        guesser,
      );
      // Another client address is not held back.
      await dialogue([greeting, ehlo, mailFrom, live, unknown('nobody')], last, '127.0.0.32');
    });
  },
);

describe('SMTP line limits', () => {
  it('closes the connection on an overlong command line, with 421', async () => {
    const client = await SmtpClient.connect(server.smtpPort);
    await playDialogue(client, [greeting, ehlo]);
    client.write(`MAIL FROM:<${'a'.repeat(200_000)}@shop.example>\r\n`);
    expect((await client.reply()).text).toMatch(/^421 4\.4\.2 .*too long/i);
    await client.waitClosed();
  });
});

describe('STARTTLS', () => {
  let tlsServer: TestMailServer;
  let certificate: ReturnType<typeof createTestCertificate>;

  beforeAll(async () => {
    certificate = createTestCertificate();
    tlsServer = await startTestMailServer({
      SMTP_TLS_KEY: certificate.keyFile,
      SMTP_TLS_CERT: certificate.certFile,
    });
    await createTestMailbox(tlsServer, 'secure@tempmail.test');
  });
  afterAll(async () => {
    await tlsServer?.close();
    certificate?.remove();
  });

  /** Sends a message to `to` after STARTTLS (with `options` for the client's side). */
  async function sendOverTls(to: string, subject: string, options: ConnectionOptions = {}) {
    const plain = await SmtpClient.connect(tlsServer.smtpPort);
    await playDialogue(plain, [greeting, ehlo, { send: 'STARTTLS', expect: 220 }]);
    const secure = await plain.startTls(options);
    await playDialogue(secure, [
      ehlo,
      mailFrom,
      { send: `RCPT TO:<${to}>`, expect: 250 },
      ...data(message(subject)),
    ]);
    secure.close();
    await tlsServer.ingest.drain();
  }

  /** The stored message of `address` with this subject: its detail and its raw source. */
  async function storedMessage(address: string, subject: string) {
    const mailbox = await tlsServer.stores.mailboxes.findByAddress(address);
    const listed = await tlsServer.stores.messages.list([mailbox!.id], { limit: 50, offset: 0 });
    const id = listed.find((entry) => entry.subject === subject)!.id;
    const raw = await tlsServer.stores.messages.findSource(id, [mailbox!.id]);
    return {
      detail: await tlsServer.stores.messages.find(id, [mailbox!.id]),
      source: Buffer.from(raw!).toString(),
    };
  }

  it('is offered with a certificate, and mail flows over the encrypted session', async () => {
    const plain = await SmtpClient.connect(tlsServer.smtpPort);
    const [, features] = await playDialogue(plain, [
      greeting,
      ehlo,
      { send: 'STARTTLS', expect: 220 },
    ]);
    expect(features!.text).toContain('STARTTLS');
    const secure = await plain.startTls();
    const [afterTls] = await playDialogue(secure, [
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<secure@tempmail.test>', expect: 250 },
      ...data(message('over tls')),
    ]);
    expect(afterTls!.text).not.toContain('STARTTLS');
    secure.close();
    await tlsServer.ingest.drain();
    const mailbox = await tlsServer.stores.mailboxes.findByAddress('secure@tempmail.test');
    const stored = await tlsServer.stores.messages.list([mailbox!.id], {
      limit: 5,
      offset: 0,
    });
    expect(stored.map((entry) => entry.subject)).toEqual(['over tls']);

    // The session is recorded: in the Received line, and for mail.tm's verifications.tls.
    const { detail, source } = await storedMessage('secure@tempmail.test', 'over tls');
    expect(source).toMatch(
      /^Received: from [^\r]+\r\n\t\(using TLSv1\.[23] with cipher TLS_\w+\)\r\n\tby \S+ with ESMTPS id /,
    );
    expect(detail?.tls).toEqual({
      name: expect.any(String),
      standardName: expect.stringMatching(/^TLS_/),
      version: expect.stringMatching(/^TLSv1\.[23]$/),
    });
  });

  it('records the protocol the session uses, not the oldest its cipher suite allows', async () => {
    // A TLS 1.2 session on a suite that dates from TLS 1.0: Node's getCipher() says TLSv1.0.
    await sendOverTls('secure@tempmail.test', 'over tls 1.2', {
      maxVersion: 'TLSv1.2',
      ciphers: 'ECDHE-RSA-AES128-SHA',
    });
    const { detail, source } = await storedMessage('secure@tempmail.test', 'over tls 1.2');
    expect(detail?.tls).toEqual({
      name: 'ECDHE-RSA-AES128-SHA',
      standardName: 'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA',
      version: 'TLSv1.2',
    });
    expect(source).toContain('(using TLSv1.2 with cipher TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA)');
  });

  it('shows mail.tm clients the session a message came over, and null for clear text', async () => {
    const credentials = { address: 'verified@tempmail.test', password: 'secret123' };
    await request(tlsServer.httpUrl).post('/accounts').send(credentials).expect(201);
    const { token } = (await request(tlsServer.httpUrl).post('/token').send(credentials)).body;
    await sendOverTls('verified@tempmail.test', 'sealed');
    await playDialogue(await SmtpClient.connect(tlsServer.smtpPort), [
      greeting,
      ehlo,
      mailFrom,
      { send: 'RCPT TO:<verified@tempmail.test>', expect: 250 },
      ...data(message('open')),
    ]);
    await tlsServer.ingest.drain();

    const mailTm = (path: string) =>
      request(tlsServer.httpUrl)
        .get(path)
        .set({ Authorization: `Bearer ${token as string}`, Accept: 'application/json' })
        .expect(200);
    const listed = (await mailTm('/messages')).body as { id: string; subject: string }[];
    const verifications = async (subject: string) =>
      (await mailTm(`/messages/${listed.find((entry) => entry.subject === subject)!.id}`)).body
        .verifications;
    expect(await verifications('sealed')).toEqual({
      tls: {
        name: expect.any(String),
        standardName: expect.stringMatching(/^TLS_/),
        version: expect.stringMatching(/^TLSv1\.[23]$/),
      },
      spf: false,
      dkim: false,
    });
    expect(await verifications('open')).toEqual({ tls: null, spf: false, dkim: false });
  });

  it('answers a reply held back before STARTTLS, then hands the socket to TLS', async () => {
    const plain = await SmtpClient.connect(tlsServer.smtpPort);
    await playDialogue(plain, [
      greeting,
      ehlo,
      { send: 'NOOP\r\nSTARTTLS', expect: 250 },
      { expect: 220 },
    ]);
    const secure = await plain.startTls();
    await playDialogue(secure, [ehlo, { send: 'NOOP', expect: 250 }]);
    secure.close();
  });
});
