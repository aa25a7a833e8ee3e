// The database goes away under a running server (a child process): no mail is acknowledged
// that was not stored (451 4.3.0, never 250), the probe and the API say 503, and once the
// database is back the server serves again by itself, with no restart.
//
// PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it when PostgreSQL answers): a TCP
// proxy between the server and PostgreSQL is cut and restored. SQLite always: another
// connection holds the write lock, as a backup tool or a stuck migration would.
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTmAccount, listSubjects } from '../support/mail-tm-account.js';
import { createScopedDatabase } from '../support/scoped-database.js';
import {
  SmtpClient,
  ehlo,
  greeting,
  mailFrom,
  playDialogue,
  type DialogueStep,
} from '../support/smtp-client.js';
import { describeWithServices } from '../support/describe-with-services.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const ENV = {
  JWT_SECRET: 'database-down-secret-database-down-secret',
  MAILTM_RATE_LIMIT: '100000',
  API_FREE_REQUESTS_PER_HOUR: '100000',
  API_BURST_REQUESTS_PER_MINUTE: '100000',
};

const rcpt = (address: string): DialogueStep => ({ send: `RCPT TO:<${address}>`, expect: 250 });
const message = (subject: string) =>
  `From: Shop <sender@shop.example>\r\nSubject: ${subject}\r\n\r\nHello.\r\n.`;

/** A session that has named its recipient while the database answered, and waits at DATA. */
async function openTransaction(server: RunningServer, address: string): Promise<SmtpClient> {
  const client = await SmtpClient.connect(server.smtpPort);
  await playDialogue(client, [greeting, ehlo, mailFrom, rcpt(address)]);
  return client;
}

/** Sends the message; resolves with the reply to its final dot. */
async function sendData(client: SmtpClient, subject: string, timeoutMs = 5_000) {
  await playDialogue(client, [{ send: 'DATA', expect: 354 }]);
  await client.write(`${message(subject)}\r\n`);
  return client.reply(timeoutMs);
}

/** One whole delivery on a new connection; resolves with the reply to the final dot. */
async function deliver(server: RunningServer, address: string, subject: string) {
  const client = await SmtpClient.connect(server.smtpPort);
  try {
    await playDialogue(client, [greeting, ehlo, mailFrom]);
    await client.write(`RCPT TO:<${address}>\r\n`);
    const accepted = await client.reply();
    if (accepted.code !== 250) return accepted;
    return await sendData(client, subject);
  } finally {
    client.close();
  }
}

describeWithServices('PostgreSQL unreachable', { redis: false }, ({ databaseUrl }) => {
  let database: Awaited<ReturnType<typeof createScopedDatabase>>;
  let proxy: TcpProxy;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createScopedDatabase(databaseUrl, 'tm_down');
    const direct = new URL(database.url);
    proxy = await startTcpProxy({
      host: direct.hostname,
      port: Number(direct.port || 5432),
    });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServer({ env: { ...ENV, DATABASE_URL: proxied.toString() } });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it('refuses mail with 451, answers 503, and recovers when the database returns', async () => {
    const alice = await createMailTmAccount(server.url, 'alice@tempmail.test');
    const generated = await fetch(`${server.url}/v1/generate-email`, { method: 'POST' });
    expect(generated.status).toBe(201);
    const { token } = (await generated.json()) as { token: string };
    const bearer = { Authorization: `Bearer ${token}` };
    const pending = await openTransaction(server, 'alice@tempmail.test');

    await proxy.cut();
    try {
      const refused = await sendData(pending, 'while the database is away', 15_000);
      expect(refused.text).toMatch(/^451 4\.3\.0 /);
      // A new session is refused too, at RCPT or at the end of DATA; never with 250.
      const fresh = await deliver(server, 'alice@tempmail.test', 'also while away');
      expect(fresh.text).toMatch(/^451 4\.3\.0 /);

      const readiness = await fetch(`${server.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ status: 'unavailable' });

      const listing = await fetch(`${server.url}/v1/messages`, { headers: bearer });
      expect(listing.status).toBe(503);
      expect(await listing.json()).toMatchObject({
        code: 'service_unavailable',
        requestId: expect.any(String),
      });
      const mailTm = await fetch(`${server.url}/messages`, {
        headers: { Authorization: `Bearer ${alice.token}`, Accept: 'application/json' },
      });
      expect(mailTm.status).toBe(503);
    } finally {
      pending.close();
      await proxy.restore();
    }

    // Nothing is restarted: the same process reconnects when the database answers again.
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await deliver(server, 'alice@tempmail.test', 'after the return')).code).toBe(250);
    expect((await fetch(`${server.url}/v1/messages`, { headers: bearer })).status).toBe(200);
    await expect.poll(() => listSubjects(server.url, alice.token)).toEqual(['after the return']);
  }, 60_000);
});

describe('SQLite locked by another writer', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ env: ENV });
  }, 60_000);
  afterAll(() => server?.stop());

  it('refuses mail with 451 while the write lock is held elsewhere, and accepts it after', async () => {
    const alice = await createMailTmAccount(server.url, 'alice@tempmail.test');
    const pending = await openTransaction(server, 'alice@tempmail.test');
    const other = new BetterSqlite3(`${server.dataDir}/tempmail.db`);
    try {
      other.exec('begin exclusive');
      // The server waits out its busy timeout (5 s) before it gives up on the commit.
      const refused = await sendData(pending, 'while locked', 20_000);
      expect(refused.text).toMatch(/^451 4\.3\.0 /);
      // A write through the API (a visitor's first checkout saves the visitor) is told to
      // come back, with the standard error.
      const created = await fetch(`${server.url}/api/create-checkout-session`, {
        method: 'POST',
        headers: { Origin: server.url, 'Content-Type': 'application/json' },
        body: JSON.stringify({ plan: 'pro_24hr' }),
      });
      expect(created.status).toBe(503);
      expect(await created.json()).toMatchObject({ code: 'service_unavailable' });
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
      pending.close();
    }

    expect((await deliver(server, 'alice@tempmail.test', 'after the lock')).code).toBe(250);
    await expect.poll(() => listSubjects(server.url, alice.token)).toEqual(['after the lock']);
  }, 60_000);
});
