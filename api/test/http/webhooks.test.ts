// Pro webhooks through the real app, SMTP and storage: registration and its refusals, a
// delivery that fails, survives a restart (a new connection to the same database file) and
// is retried with the same id and bytes, the signature the SDK verifies, the log, the test
// delivery, and a webhook turned off after failures in a row and turned back on.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { verifyWebhook } from '@tempmail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks, WEBHOOK_DISABLE_AFTER } from '../../src/jobs/deliver-webhooks.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { openDatabase, type Storage } from '../../src/storage/open-database.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { sendMail } from '../../../tests/support/send-mail.js';
import { buyPro, openBrowser, type TestBrowser } from '../support/browser.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import type { TestBackend } from '../support/test-databases.js';

const logger = pino({ level: 'silent' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-webhooks-'));
const file = path.join(dir, 'tempmail.db');
const opened: Storage[] = [];
/** SQLite in a file the test keeps, so a second connection can be opened on it later. */
const keptFile: TestBackend = {
  name: 'sqlite',
  async open() {
    const storage = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(storage);
    return { storage, dispose: () => storage.close() };
  },
};

interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let receiver: http.Server;
let receiverUrl: string;
const hits: Hit[] = [];
/** What the receiver answers next, per path; 204 once the list is used up. */
const answers = new Map<string, number[]>();

let server: TestMailServer;
let pro: TestBrowser;
let alias: string;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      hits.push({ path, headers: request.headers, body });
      response.writeHead(answers.get(path)?.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The receiver is on loopback, as a self-hosting operator's would be.
  server = await startTestMailServer({ WEBHOOK_ALLOW_PRIVATE: 'true' }, keptFile);
  pro = await buyPro(server.httpUrl, 'hooks@example.com');
  const created = await pro
    .post('/api/create-custom-email', { alias: 'hooked', domain: 'tempmail.test' })
    .expect(201);
  alias = created.body.address;
});
afterAll(async () => {
  await server?.close().catch(() => undefined);
  await Promise.all(opened.map((storage) => storage.close()));
  await new Promise((resolve) => receiver.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const deliverNow = (stores = server.stores, now = server.services.now) =>
  deliverDueWebhooks({ stores, logger, now, allowPrivate: true });

describe('registering', () => {
  it('is for Pro users, for their own addresses, and refuses targets that cannot be reached', async () => {
    const free = await openBrowser(server.httpUrl);
    await free.post('/api/webhooks', { url: `${receiverUrl}/free` }).expect(403);
    const notMine = await pro
      .post('/api/webhooks', { url: `${receiverUrl}/x`, address: 'someone@tempmail.test' })
      .expect(404);
    expect(notMine.body.code).toBe('not_found');
    const ftp = await pro.post('/api/webhooks', { url: 'ftp://example.com/' }).expect(400);
    expect(ftp.body.message).toMatch(/https:\/\/ or http:\/\//);

    // Without the operator's allowance, loopback is refused.
    const strict = await startTestMailServer();
    try {
      const user = await buyPro(strict.httpUrl, 'strict@example.com');
      const refused = await user.post('/api/webhooks', { url: `${receiverUrl}/x` }).expect(400);
      expect(refused.body.message).toMatch(/private, loopback or link-local/);
    } finally {
      await strict.close();
    }
  });
});

describe('on the public API', () => {
  it('takes a Pro API token for the same webhooks, and refuses any other token', async () => {
    const { body: issued } = await pro.get('/api/user-token').expect(200);
    const bearer = { Authorization: `Bearer ${issued.token}` };
    const api = request(server.httpUrl);
    const created = await api
      .post('/v1/webhooks')
      .set(bearer)
      .send({ url: `${receiverUrl}/api-hook`, address: alias })
      .expect(201);
    expect(created.body.webhook).toMatchObject({ address: alias });
    const listed = await pro.get('/api/webhooks').expect(200);
    expect(listed.body.webhooks).toContainEqual(created.body.webhook);
    const id = created.body.webhook.id;
    await api.post(`/v1/webhooks/${id}/test`).set(bearer).expect(202);
    expect(
      (await api.get(`/v1/webhooks/${id}/deliveries`).set(bearer).expect(200)).body.deliveries,
    ).toHaveLength(1);
    await api.delete(`/v1/webhooks/${id}`).set(bearer).expect(204);

    const { body: mailbox } = await api.post('/v1/generate-email').expect(201);
    const refused = await api
      .get('/v1/webhooks')
      .set({ Authorization: `Bearer ${mailbox.token}` })
      .expect(403);
    expect(refused.body.code).toBe('pro_required');
    await api.get('/v1/webhooks').expect(401);
  });
});

describe('after Pro', () => {
  it('lets the owner list and delete, on either surface, but not make or change one', async () => {
    const owner = await buyPro(server.httpUrl, 'ended-hooks@example.com');
    const { body: issued } = await owner.get('/api/user-token').expect(200);
    const bearer = { Authorization: `Bearer ${issued.token}` };
    const api = request(server.httpUrl);
    const first = (await owner.post('/api/webhooks', { url: `${receiverUrl}/kept` }).expect(201))
      .body.webhook;
    const second = (await owner.post('/api/webhooks', { url: `${receiverUrl}/kept2` }).expect(201))
      .body.webhook;
    await server.stores.users.update(
      owner.id,
      { proExpiresAt: server.services.now() - 1 },
      server.services.now(),
    );

    const listed = await owner.get('/api/webhooks').expect(200);
    expect(listed.body.webhooks.map((hook: { id: string }) => hook.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect((await api.get('/v1/webhooks').set(bearer).expect(200)).body.webhooks).toHaveLength(2);
    for (const refused of [
      await owner.post('/api/webhooks', { url: `${receiverUrl}/new` }),
      await owner.post(`/api/webhooks/${first.id}/secret`),
      await owner.post(`/api/webhooks/${first.id}/test`),
      await api
        .post('/v1/webhooks')
        .set(bearer)
        .send({ url: `${receiverUrl}/new` }),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('pro_required');
    }
    await owner.delete(`/api/webhooks/${first.id}`).expect(204);
    await api.delete(`/v1/webhooks/${second.id}`).set(bearer).expect(204);
    expect((await owner.get('/api/webhooks').expect(200)).body.webhooks).toEqual([]);
    // Another user's webhook is not theirs to delete.
    const other = (await pro.post('/api/webhooks', { url: `${receiverUrl}/other` }).expect(201))
      .body.webhook;
    await owner.delete(`/api/webhooks/${other.id}`).expect(404);
    await pro.delete(`/api/webhooks/${other.id}`).expect(204);
  });
});

describe('delivering', () => {
  it('signs, retries after a failure and a restart with the same id and bytes, and logs it', async () => {
    const created = await pro
      .post('/api/webhooks', { url: `${receiverUrl}/hook`, address: alias })
      .expect(201);
    const { webhook, secret } = created.body;
    expect(webhook).toMatchObject({ address: alias, disabledAt: null });
    expect(webhook.secretHint).toBe(`whsec_…${secret.slice(-4)}`);
    expect((await pro.get('/api/webhooks').expect(200)).body.webhooks).toEqual([webhook]);

    answers.set('/hook', [500]);
    await sendMail(server.smtpPort, {
      from: 'Shop <no-reply@shop.example>',
      to: alias,
      subject: 'Confirm your email',
      text: 'Your verification code is 482913.',
      html: '<p>Your verification code is <b>482913</b>.</p><a href="https://shop.example/verify?t=1">Confirm</a>',
    });
    await server.ingest.drain();
    expect(await deliverNow()).toBe(1);
    const log = await pro.get(`/api/webhooks/${webhook.id}/deliveries`).expect(200);
    expect(log.body.deliveries).toMatchObject([
      { event: 'message.received', status: 'pending', attempts: 1, lastStatus: 500 },
    ]);
    expect(log.body.deliveries[0].lastError).toMatch(/HTTP 500/);

    // A restart: this server goes, a new connection to the same database file takes over.
    const failedAt = server.services.now();
    await server.close();
    const again = openDatabase({ kind: 'sqlite', file });
    opened.push(again);
    const stores = createRepositories(again);
    expect(
      await deliverDueWebhooks({ stores, logger, now: () => failedAt + 1_000, allowPrivate: true }),
    ).toBe(0);
    const retried = await deliverDueWebhooks({
      stores,
      logger,
      now: () => failedAt + 31_000,
      allowPrivate: true,
    });
    expect(retried).toBe(1);

    const deliveries = hits.filter((hit) => hit.path === '/hook');
    expect(deliveries).toHaveLength(2);
    const [first, second] = deliveries;
    expect(second!.headers['tempmail-delivery']).toBe(first!.headers['tempmail-delivery']);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['tempmail-event']).toBe('message.received');
    expect(
      await verifyWebhook(secret, second!.headers, second!.body, { now: failedAt + 31_000 }),
    ).toBe(true);
    expect(JSON.parse(second!.body)).toMatchObject({
      id: second!.headers['tempmail-delivery'],
      type: 'message.received',
      message: {
        mailbox: alias,
        subject: 'Confirm your email',
        codes: [{ value: '482913' }],
        link: { url: 'https://shop.example/verify?t=1', kind: 'verify' },
      },
    });
    const [logged] = await stores.webhooks.listDeliveries(webhook.id, 10);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 204 });
  });
});

describe('managing', () => {
  it('sends a test, turns off after failures in a row, turns back on, rotates and deletes', async () => {
    const own = await startTestMailServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      const user = await buyPro(own.httpUrl, 'manager@example.com');
      const { body } = await user.post('/api/webhooks', { url: `${receiverUrl}/down` }).expect(201);
      const { id } = body.webhook;
      const run = () =>
        deliverDueWebhooks({
          stores: own.stores,
          logger,
          now: own.services.now,
          allowPrivate: true,
        });

      // Two test deliveries to a receiver that always fails: each is retried for 24 hours,
      // and the failures in a row turn the webhook off before both have given up.
      answers.set(
        '/down',
        Array.from({ length: 100 }, () => 503),
      );
      const queued = await user.post(`/api/webhooks/${id}/test`).expect(202);
      expect(queued.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
      await user.post(`/api/webhooks/${id}/test`).expect(202);
      let attempts = 0;
      for (let hour = 0; hour < 30; hour += 1) {
        attempts += await run();
        own.advance(3_600_000);
      }
      expect(attempts).toBe(WEBHOOK_DISABLE_AFTER);
      const [off] = (await user.get('/api/webhooks').expect(200)).body.webhooks;
      expect(off.disabledAt).not.toBeNull();
      expect(off.disabledReason).toMatch(
        /20 failed deliveries in a row; the last: The receiver answered HTTP 503/,
      );
      const log = (await user.get(`/api/webhooks/${id}/deliveries`).expect(200)).body.deliveries;
      expect(log).toHaveLength(2);
      expect(log[0].event).toBe('webhook.test');
      // Nothing is sent while it is off.
      expect(await run()).toBe(0);

      const on = await user.post(`/api/webhooks/${id}/enable`).expect(200);
      expect(on.body).toMatchObject({ disabledAt: null, disabledReason: null });
      answers.set('/down', []);
      own.advance(3_600_000);
      expect(await run()).toBeGreaterThan(0);
      const test = hits.filter((hit) => hit.path === '/down').at(-1)!;
      expect(JSON.parse(test.body)).toMatchObject({ type: 'webhook.test', message: null });

      const rotated = await user.post(`/api/webhooks/${id}/secret`).expect(200);
      expect(rotated.body.secret).not.toBe(body.secret);
      expect(rotated.body.webhook.secretHint).toBe(`whsec_…${rotated.body.secret.slice(-4)}`);

      const stranger = await buyPro(own.httpUrl, 'stranger@example.com');
      await stranger.post(`/api/webhooks/${id}/test`).expect(404);
      await stranger.get(`/api/webhooks/${id}/deliveries`).expect(404);
      await user.delete(`/api/webhooks/${id}`).expect(204);
      expect((await user.get('/api/webhooks').expect(200)).body.webhooks).toEqual([]);
    } finally {
      await own.close();
    }
  }, 60_000);
});
