// The Pro calls of the product API: API token, custom addresses, the persistent address,
// the aggregated inbox.
import request from 'supertest';
import { buyPro, openBrowser, ORIGIN } from '../support/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiToken } from '../../src/features/api-tokens/issue-api-token.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import { readEvents } from '../support/read-events.js';

let server: TestMailServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestMailServer({ MAIL_DOMAINS: 'tempmail.test,second.test' });
});
afterAll(() => server?.close());

const proBrowser = () => buyPro(server.httpUrl, `pro${++counter}@example.com`, 'pro_24hr');

async function deliver(
  mailboxId: string,
  subject: string,
  source = `From: Shop <shop@sender.example>\r\nSubject: ${subject}\r\n\r\nHello ${subject}.`,
) {
  await server.ingest.accept(new Uint8Array(Buffer.from(source)), [mailboxId]);
  await server.ingest.drain();
}

/** A Pro browser with a custom address. */
async function proWithAddress() {
  const pro = await proBrowser();
  const address = (
    await pro
      .post('/api/create-custom-email', { alias: `box${counter}`, domain: 'tempmail.test' })
      .expect(201)
  ).body.address as string;
  const mailbox = await server.stores.mailboxes.findByAddress(address);
  return { pro, address, mailboxId: mailbox!.id };
}

describe('Pro only', () => {
  it('refuses every Pro call to a free user with 403 pro_required', async () => {
    const free = await openBrowser(server.httpUrl);
    const calls = [
      free.post('/api/user-token'),
      free.post('/api/create-custom-email', { alias: 'x', domain: 'tempmail.test' }),
      free.post('/api/save-custom-alias', { customAlias: 'x' }),
      free.get('/api/messages-all'),
      free.get('/api/message/0123456789abcdef01234567'),
      free.get('/api/message/0123456789abcdef01234567/raw'),
      free.get('/api/message/0123456789abcdef01234567/attachments/0123456789abcdef01234568'),
      free.get('/api/events'),
      free.post('/api/clear-pro-session'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('pro_required');
    }
    // Reading the token is no Pro call: a free user has none, and gets none made.
    const none = await free.get('/api/user-token').expect(404);
    expect(none.body).toMatchObject({ code: 'not_found', message: 'You have no API token.' });
    await free.get('/api/user-token').expect(404);
  });
});

describe('the API token', () => {
  it('is not made by a link on another site, which would use up the one full answer', async () => {
    const pro = await proBrowser();
    for (const site of ['cross-site', 'same-site'])
      await pro.get('/api/user-token').set('Sec-Fetch-Site', site).expect(403);
    // Nor by a HEAD (a link checker), which has no body to show it in.
    await request(server.httpUrl).head('/api/user-token').set('Cookie', pro.cookie).expect(403);
    // Still to be made, and shown in full, from our own pages or the address bar.
    const typed = await pro.get('/api/user-token').set('Sec-Fetch-Site', 'none').expect(200);
    expect(typed.body.token).toMatch(/^tm_[A-Za-z0-9_-]{43}$/);
    // Once made, its prefix is no secret: another site's link reads nothing it could use.
    const later = await pro.get('/api/user-token').set('Sec-Fetch-Site', 'cross-site').expect(200);
    expect(later.body).toMatchObject({ token: null, prefix: typed.body.prefix });
  });

  it('is shown once when made, recognised by its prefix after, and rotated on request', async () => {
    const pro = await proBrowser();
    const first = await pro.get('/api/user-token').expect(200);
    expect(first.body.token).toMatch(/^tm_[A-Za-z0-9_-]{43}$/);
    expect(first.body.prefix).toBe(first.body.token.slice(0, 10));
    const again = await pro.get('/api/user-token').expect(200);
    expect(again.body).toEqual({
      token: null,
      prefix: first.body.prefix,
      createdAt: first.body.createdAt,
    });

    const rotated = await pro.post('/api/user-token').expect(201);
    expect(rotated.body.token).not.toBe(first.body.token);
    const { tokens } = server.stores;
    expect(await tokens.findActiveApiToken(hashApiToken(first.body.token))).toBeUndefined();
    expect((await tokens.findActiveApiToken(hashApiToken(rotated.body.token)))?.userId).toBe(
      pro.id,
    );
  });
});

describe('revoking the API token', () => {
  it('ends it at once, stream too, and makes none unasked until a new one is asked for', async () => {
    const pro = await proBrowser();
    const { token } = (await pro.get('/api/user-token').expect(200)).body as { token: string };
    const bearer = { Authorization: `Bearer ${token}` };
    await request(server.httpUrl).get('/v1/me').set(bearer).expect(200);
    const events = await readEvents(`${server.httpUrl}/v1/events`, bearer);
    expect(events.status).toBe(200);

    await pro.delete('/api/user-token').expect(204);
    await request(server.httpUrl).get('/v1/me').set(bearer).expect(401);
    await events.ended;
    // No token now, and reading it does not make one behind the user's back.
    const none = await pro.get('/api/user-token').expect(404);
    expect(none.body).toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/revoked/),
    });
    await pro.delete('/api/user-token').expect(204);
    await pro.get('/api/user-token').expect(404);

    const fresh = await pro.post('/api/user-token').expect(201);
    await request(server.httpUrl)
      .get('/v1/me')
      .set({ Authorization: `Bearer ${fresh.body.token as string}` })
      .expect(200);
    expect((await pro.get('/api/user-token').expect(200)).body).toEqual({
      token: null,
      prefix: fresh.body.prefix,
      createdAt: fresh.body.createdAt,
    });
  });

  it('takes our own pages and a Pro user', async () => {
    const pro = await proBrowser();
    const { token } = (await pro.get('/api/user-token').expect(200)).body as { token: string };
    const foreign = await request(server.httpUrl)
      .delete('/api/user-token')
      .set('Cookie', pro.cookie)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(foreign.body.code).toBe('forbidden');
    await request(server.httpUrl)
      .get('/v1/me')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    // A visitor has nothing to revoke: the call changes nothing.
    const free = await openBrowser(server.httpUrl);
    await free.delete('/api/user-token').expect(204);
  });

  it('lets an owner whose Pro has ended revoke the token that still works for free', async () => {
    const pro = await proBrowser();
    const { token } = (await pro.get('/api/user-token').expect(200)).body as { token: string };
    const bearer = { Authorization: `Bearer ${token}` };
    // The pass ends; the token reads on the free tier, as the contract says.
    await server.stores.users.update(
      pro.id,
      { proExpiresAt: server.services.now() - 1 },
      server.services.now(),
    );
    const me = await request(server.httpUrl).get('/v1/me').set(bearer).expect(200);
    expect(me.body).toMatchObject({ kind: 'api_token', isPro: false });
    // The owner can see it is still there, and end it; only Pro makes a new one.
    const left = await pro.get('/api/user-token').expect(200);
    expect(left.body).toMatchObject({ token: null, prefix: token.slice(0, 10) });
    await pro.post('/api/user-token').expect(403);

    await pro.delete('/api/user-token').expect(204);
    await request(server.httpUrl).get('/v1/me').set(bearer).expect(401);
    await pro.get('/api/user-token').expect(404);
  });
});

describe('custom addresses', () => {
  it('creates a trimmed, lower-cased address that lives as long as Pro', async () => {
    const pro = await proBrowser();
    const created = await pro
      .post('/api/create-custom-email', { alias: ' JaneShop ', domain: 'second.test' })
      .expect(201);
    expect(created.body).toEqual({
      address: 'janeshop@second.test',
      endsAt: null,
      endsAfterFirstMessage: false,
      ended: false,
    });
    const mailbox = await server.stores.mailboxes.findByAddress('janeshop@second.test');
    const user = await server.stores.users.findById(pro.id);
    expect(mailbox).toMatchObject({ ownerUserId: pro.id, expiresAt: user!.proExpiresAt });

    const taken = await pro
      .post('/api/create-custom-email', { alias: 'janeshop', domain: 'second.test' })
      .expect(422);
    expect(taken.body).toMatchObject({
      code: 'address_taken',
      message: 'The email address is already taken. Please try a different alias.',
    });
    await pro
      .post('/api/create-custom-email', { alias: 'jane-shop', domain: 'second.test' })
      .expect(400);
    await pro
      .post('/api/create-custom-email', { alias: 'a'.repeat(21), domain: 'second.test' })
      .expect(400);
    await pro
      .post('/api/create-custom-email', { alias: 'jane', domain: 'gmail.example' })
      .expect(400);
  });

  it('may end at a time, with its first message, or both, and lists how', async () => {
    const pro = await proBrowser();
    const now = server.services.now();
    const inAnHour = new Date(now + 3_600_000).toISOString();
    const timed = await pro
      .post('/api/create-custom-email', {
        alias: `timed${counter}`,
        domain: 'tempmail.test',
        endsAt: inAnHour,
      })
      .expect(201);
    expect(timed.body).toMatchObject({ endsAt: inAnHour, endsAfterFirstMessage: false });
    const once = await pro
      .post('/api/create-custom-email', {
        alias: `once${counter}`,
        domain: 'tempmail.test',
        endsAt: inAnHour,
        endsAfterFirstMessage: true,
      })
      .expect(201);
    expect(once.body).toMatchObject({
      endsAt: inAnHour,
      endsAfterFirstMessage: true,
      ended: false,
    });

    const listed = async () =>
      new Map(
        (
          (await pro.get('/api/addresses').expect(200)).body.addresses as {
            address: string;
            endsAt: string | null;
            endsAfterFirstMessage: boolean;
            ended: boolean;
          }[]
        ).map(({ address, endsAt, endsAfterFirstMessage, ended }) => [
          address,
          { endsAt, endsAfterFirstMessage, ended },
        ]),
      );
    expect((await listed()).get(timed.body.address)).toEqual({
      endsAt: inAnHour,
      endsAfterFirstMessage: false,
      ended: false,
    });
    // Once its time has come it is still listed, its mail still there, and marked ended.
    server.advance(3_600_000);
    const later = await listed();
    expect(later.get(timed.body.address)?.ended).toBe(true);
    expect(later.get(once.body.address)?.ended).toBe(true);
  });

  it('refuses an ending that is not in the future or outlasts Pro, with 400 validation_failed', async () => {
    const pro = await proBrowser();
    const now = server.services.now();
    const user = await server.stores.users.findById(pro.id);
    const create = (ending: object) =>
      pro.post('/api/create-custom-email', {
        alias: `bad${counter}`,
        domain: 'tempmail.test',
        ...ending,
      });
    const past = await create({ endsAt: new Date(now).toISOString() }).expect(400);
    expect(past.body).toMatchObject({
      code: 'validation_failed',
      message: 'Invalid end: the end must be in the future.',
      details: [{ path: '/body/endsAt', message: 'must be in the future' }],
    });
    const proEnd = new Date(user!.proExpiresAt!).toISOString();
    const tooLate = await create({
      endsAt: new Date(user!.proExpiresAt! + 1_000).toISOString(),
    }).expect(400);
    expect(tooLate.body).toMatchObject({
      code: 'validation_failed',
      message: `Invalid end: the address cannot outlast your Pro, which ends at ${proEnd}.`,
    });
    // The contract's own checks: a date-time, and a boolean.
    expect((await create({ endsAt: 'tomorrow' }).expect(400)).body.code).toBe('validation_failed');
    // One the format allows but no clock reads.
    const leap = await create({ endsAt: '2026-12-31T23:59:60Z' }).expect(400);
    expect(leap.body.details).toEqual([
      { path: '/body/endsAt', message: 'must be a time without a leap second' },
    ]);
    expect((await create({ endsAfterFirstMessage: 'yes' }).expect(400)).body.code).toBe(
      'validation_failed',
    );
    // Nothing was made, and the end of Pro itself is allowed.
    expect(
      await server.stores.mailboxes.findByAddress(`bad${counter}@tempmail.test`),
    ).toBeUndefined();
    await create({ endsAt: proEnd }).expect(201);
  });

  it('remembers a custom alias on the user', async () => {
    const pro = await proBrowser();
    expect(
      (await pro.post('/api/save-custom-alias', { customAlias: ' MyAlias ' }).expect(200)).body
        .customAlias,
    ).toBe('myalias');
    expect(
      (await pro.post('/api/save-custom-alias', { customAlias: null }).expect(200)).body
        .customAlias,
    ).toBeNull();
  });
});

describe('the persistent address and the aggregated inbox', () => {
  it('keeps the current address, and shows the mail of all the user’s addresses newest first', async () => {
    const pro = await proBrowser();
    const address = `main${++counter}@tempmail.test`;
    const account = await request(server.httpUrl)
      .post('/accounts')
      .set('Accept', 'application/json')
      .send({ address, password: 'secret123' })
      .expect(201);
    await pro
      .post('/api/store-main-email', { address, password: 'wrong-pass', mailTmId: account.body.id })
      .expect(404);
    await pro
      .post('/api/store-main-email', { address, password: 'secret123', mailTmId: account.body.id })
      .expect(200, { ok: true });
    const user = await server.stores.users.findById(pro.id);
    expect(user?.mainMailboxId).toBe(account.body.id);
    expect(await server.stores.mailboxes.findById(account.body.id)).toMatchObject({
      ownerUserId: pro.id,
      expiresAt: user!.proExpiresAt,
    });

    const custom = (
      await pro
        .post('/api/create-custom-email', { alias: `alias${counter}`, domain: 'tempmail.test' })
        .expect(201)
    ).body.address;
    const customBox = await server.stores.mailboxes.findByAddress(custom);
    await deliver(account.body.id, 'first');
    server.advance(1_000);
    await deliver(customBox!.id, 'second');

    const inbox = await pro.get('/api/messages-all').expect(200);
    expect(
      inbox.body.messages.map((message: { subject: string; mailbox: string }) => [
        message.subject,
        message.mailbox,
      ]),
    ).toEqual([
      ['second', custom],
      ['first', address],
    ]);
    const detail = await pro.get(`/api/message/${inbox.body.messages[0].id}`).expect(200);
    expect(detail.body).toMatchObject({
      subject: 'second',
      mailbox: custom,
      text: expect.stringContaining('Hello second.'),
      cc: [],
      attachments: [],
    });

    const stranger = await proBrowser();
    await stranger.get(`/api/message/${inbox.body.messages[0].id}`).expect(404);
    expect((await stranger.get('/api/messages-all').expect(200)).body.messages).toEqual([]);

    await pro.post('/api/clear-pro-session').expect(200, { ok: true });
    expect((await server.stores.users.findById(pro.id))?.mainMailboxId).toBeNull();
  });
});

describe('reading the aggregated inbox', () => {
  it('marks a message seen when it is read, as opening it in the dashboard does', async () => {
    const { pro, mailboxId } = await proWithAddress();
    await deliver(mailboxId, 'unread');
    const [listed] = (await pro.get('/api/messages-all').expect(200)).body.messages;
    expect(listed.seen).toBe(false);
    expect((await pro.get(`/api/message/${listed.id}`).expect(200)).body.seen).toBe(true);
    expect((await pro.get('/api/messages-all').expect(200)).body.messages[0].seen).toBe(true);
  });

  it('marks a message unread and read again, and deletes it, for its owner only', async () => {
    const { pro, mailboxId } = await proWithAddress();
    await deliver(mailboxId, 'to tidy');
    const [listed] = (await pro.get('/api/messages-all').expect(200)).body.messages;
    const call = (method: 'patch' | 'delete', who = pro) => {
      const target = request(server.httpUrl);
      const path = `/api/message/${listed.id}`;
      return (method === 'patch' ? target.patch(path) : target.delete(path))
        .set('Cookie', who.cookie)
        .set('Origin', ORIGIN);
    };
    expect((await call('patch').send({ seen: true }).expect(200)).body.seen).toBe(true);
    expect((await call('patch').send({ seen: false }).expect(200)).body.seen).toBe(false);
    expect((await pro.get('/api/messages-all').expect(200)).body.messages[0].seen).toBe(false);

    // Another Pro user finds nothing to change.
    const stranger = await proBrowser();
    expect((await call('patch', stranger).send({ seen: true })).status).toBe(404);
    expect((await call('delete', stranger)).status).toBe(404);

    await call('delete').expect(204);
    expect((await pro.get('/api/messages-all').expect(200)).body.messages).toEqual([]);
    expect((await call('delete')).status).toBe(404);
  });

  it('downloads an attachment with the session cookie, to its owner only', async () => {
    const { pro, mailboxId } = await proWithAddress();
    await deliver(
      mailboxId,
      'with file',
      [
        'From: shop@sender.example',
        'Subject: with file',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'See the file.',
        '--b',
        'Content-Type: text/plain; name="notes.txt"',
        'Content-Disposition: attachment; filename="notes.txt"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('file body').toString('base64'),
        '--b--',
        '',
      ].join('\r\n'),
    );
    const [listed] = (await pro.get('/api/messages-all').expect(200)).body.messages;
    const detail = (await pro.get(`/api/message/${listed.id}`).expect(200)).body;
    const [attachment] = detail.attachments;
    expect(attachment.downloadUrl).toBe(`/api/message/${listed.id}/attachments/${attachment.id}`);

    const download = await pro.get(attachment.downloadUrl).expect(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.text).toBe('file body');

    const stranger = await proBrowser();
    await stranger.get(attachment.downloadUrl).expect(404);
  });

  it('streams new mail of every address, one made after the stream opened too, until logout', async () => {
    const { pro, mailboxId } = await proWithAddress();
    const events = await readEvents(`${server.httpUrl}/api/events`, { Cookie: pro.cookie });
    expect(events.status).toBe(200);
    try {
      await deliver(mailboxId, 'live one');
      const first = await events.waitFor((frame) => frame.data.includes('live one'));
      expect(first.event).toBe('message');

      const later = (
        await pro
          .post('/api/create-custom-email', { alias: `late${++counter}`, domain: 'tempmail.test' })
          .expect(201)
      ).body.address as string;
      const laterBox = await server.stores.mailboxes.findByAddress(later);
      // The stream looks for new addresses every few seconds; mail that came before is replayed.
      await deliver(laterBox!.id, 'live two');
      const second = await events.waitFor((frame) => frame.data.includes('live two'), 10_000);
      expect(JSON.parse(second.data).mailbox).toBe(later);

      await pro.post('/api/logout').expect(200);
      await events.ended;
    } finally {
      events.close();
    }
  });

  it('tells the stream when a message is marked seen or deleted, without moving the resume point', async () => {
    const { pro, mailboxId } = await proWithAddress();
    const events = await readEvents(`${server.httpUrl}/api/events`, { Cookie: pro.cookie });
    try {
      await deliver(mailboxId, 'to change');
      const arrived = await events.waitFor((frame) => frame.data.includes('to change'));
      const { id } = JSON.parse(arrived.data) as { id: string };
      const change = (method: 'patch' | 'delete') => {
        const target = request(server.httpUrl);
        const path = `/api/message/${id}`;
        return (method === 'patch' ? target.patch(path) : target.delete(path))
          .set('Cookie', pro.cookie)
          .set('Origin', ORIGIN);
      };

      await change('patch').send({ seen: true }).expect(200);
      const seen = await events.waitFor(
        (frame) =>
          frame !== arrived && frame.data.includes(id) && frame.data.includes('"seen":true'),
      );
      expect(seen.event).toBe('message');
      expect(seen.id).toBeUndefined();
      expect(JSON.parse(seen.data)).toMatchObject({ id, subject: 'to change', seen: true });

      await change('delete').expect(204);
      const deleted = await events.waitFor((frame) => frame.data.includes('isDeleted'));
      expect(deleted.id).toBeUndefined();
      expect(JSON.parse(deleted.data)).toEqual({ id, isDeleted: true });
    } finally {
      events.close();
    }
  });
});
