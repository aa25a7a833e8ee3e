import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MAILBOX_LIFETIME_MS } from '../../src/features/mailboxes/lifetimes.js';
import { purgeExpired } from '../../src/jobs/purge-expired.js';
import type { MailboxEvent } from '../../src/features/messages/message-types.js';
import { buyPro, openBrowser } from '../support/browser.js';
import { storeReceived } from '../support/commit-messages.js';
import { VISITOR_SESSION_MS } from '../../src/features/users/create-account-service.js';
import {
  createTestMailbox,
  startTestMailServer,
  type TestMailServer,
} from '../support/mail-server.js';

let server: TestMailServer;

beforeAll(async () => {
  server = await startTestMailServer();
});
afterAll(() => server?.close());

const raw = (subject: string) =>
  new Uint8Array(Buffer.from(`From: a@shop.example\r\nSubject: ${subject}\r\n\r\nbody`));

describe('expiry', () => {
  it('deletes an expired mailbox with its messages and sources, and keeps live ones', async () => {
    const { stores } = server;
    const { storage } = server.database;
    const doomed = await createTestMailbox(
      server,
      'doomed@tempmail.test',
      FREE_MAILBOX_LIFETIME_MS,
    );
    const kept = await createTestMailbox(
      server,
      'kept@tempmail.test',
      FREE_MAILBOX_LIFETIME_MS * 2,
    );
    const [messageId] = await server.ingest.accept(raw('bye'), [doomed.id]);
    await server.ingest.drain();

    expect(await purgeExpired(stores, server.services.now())).toBe(0);
    server.advance(FREE_MAILBOX_LIFETIME_MS);
    expect(await purgeExpired(stores, server.services.now())).toBeGreaterThanOrEqual(1);

    expect(await stores.mailboxes.findById(doomed.id)).toBeUndefined();
    expect(await stores.mailboxes.findById(kept.id)).toBeDefined();
    for (const table of ['message_sources', 'message_bodies'] as const) {
      const left = await storage.db
        .selectFrom(table)
        .select('message_id')
        .where('message_id', '=', messageId!)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect(
      await storage.db.selectFrom('messages').select('id').where('id', '=', messageId!).execute(),
    ).toEqual([]);
  });
});

describe('recovery after a crash', () => {
  it('parses messages that were committed but not parsed, and announces them', async () => {
    const mailbox = await createTestMailbox(server, 'recover@tempmail.test');
    // What a crash between commit and parse leaves behind: a stored, unparsed message.
    const [id] = await storeReceived(server.stores.messages, [
      { mailboxId: mailbox.id, raw: raw('left pending'), receivedAt: server.services.now() },
    ]);
    const heard: MailboxEvent[] = [];
    const stop = server.services.events.subscribe(mailbox.id, (event) => heard.push(event));
    expect(await server.ingest.recoverPending()).toBeGreaterThanOrEqual(1);
    await server.ingest.drain();
    stop();
    expect(await server.stores.messages.find(id!, [mailbox.id])).toMatchObject({
      parseState: 'parsed',
      subject: 'left pending',
    });
    expect(heard.map((event) => [event.type, event.message.subject])).toEqual([
      ['message.received', 'left pending'],
    ]);
    expect(await server.ingest.recoverPending()).toBe(0);
  });
});

describe('group commit', () => {
  it('stores no copy for a mailbox that vanished, and the others in its transaction as usual', async () => {
    const live = await createTestMailbox(server, 'batch-live@tempmail.test');
    const vanished = await createTestMailbox(server, 'batch-gone@tempmail.test');
    await server.stores.mailboxes.delete(vanished.id);
    // The first occupies the committer; the next two wait and share one transaction.
    const first = server.ingest.accept(raw('first'), [live.id]);
    const doomed = server.ingest.accept(raw('doomed'), [vanished.id]);
    const fine = server.ingest.accept(raw('fine'), [live.id]);
    await expect(first).resolves.toHaveLength(1);
    // Its only recipient is gone: no copy, so SMTP refuses it as it would at RCPT now.
    await expect(doomed).resolves.toEqual([]);
    await expect(fine).resolves.toHaveLength(1);
    await server.ingest.drain();
    const subjects = (await server.stores.messages.list([live.id], { limit: 10, offset: 0 })).map(
      (message) => message.subject,
    );
    expect(subjects.sort()).toEqual(['fine', 'first']);
  });
});

describe('retention', () => {
  it('deletes messages older than 24 hours from mailboxes that outlive them (Pro)', async () => {
    const pro = await createTestMailbox(server, 'long-lived@tempmail.test', 30 * 24 * 3_600_000);
    const [old] = await server.ingest.accept(raw('yesterday'), [pro.id]);
    await server.ingest.drain();
    server.advance(20 * 3_600_000);
    const [recent] = await server.ingest.accept(raw('today'), [pro.id]);
    await server.ingest.drain();
    server.advance(4 * 3_600_000 + 1);
    await purgeExpired(server.stores, server.services.now());
    const { messages } = server.stores;
    expect(await messages.find(old!, [pro.id])).toBeUndefined();
    expect(await messages.find(recent!, [pro.id])).toBeDefined();
  });
});

describe('anonymous users', () => {
  it('purges visitors whose session ended, never a buyer', async () => {
    const year = 365 * 24 * 3_600_000;
    const visitor = await openBrowser(server.httpUrl, { savedIn: server.services });
    const buyer = await buyPro(server.httpUrl, 'purge-buyer@example.com');
    const { users } = server.stores;

    await purgeExpired(server.stores, server.services.now());
    expect(await users.findById(visitor.id), 'a visitor with a live session').toBeDefined();

    // A day on, a visitor's session (its only key) has lapsed; a buyer's lasts a year.
    server.advance(VISITOR_SESSION_MS);
    await purgeExpired(server.stores, server.services.now());
    expect(await users.findById(visitor.id), 'an abandoned visitor').toBeUndefined();
    expect(await users.findById(buyer.id), 'a buyer').toBeDefined();
    server.advance(year + 1);
    await purgeExpired(server.stores, server.services.now());
    expect(await users.findById(visitor.id), 'an abandoned visitor').toBeUndefined();
    expect(await users.findById(buyer.id), 'a buyer').toBeDefined();
  });
});
