// The public developer API (/v1): bearer tokens, ETag and 304, rate limits and the event
// stream. Every JSON response is checked against the contract (buildTestApp).
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MAILBOX_LIFETIME_MS } from '../../src/features/mailboxes/lifetimes.js';
import { buyPro } from '../support/browser.js';
import { storeReceived } from '../support/commit-messages.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import { readEvents } from '../support/read-events.js';
import { sendMail } from '../../../tests/support/send-mail.js';

let server: TestMailServer;
let counter = 0;
const api = () => request(server.httpUrl);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = await startTestMailServer({
    // Generous limits here; the limits have their own servers below.
    API_FREE_REQUESTS_PER_HOUR: '100000',
    API_PRO_REQUESTS_PER_HOUR: '100000',
    API_BURST_REQUESTS_PER_MINUTE: '100000',
  });
});
afterAll(() => server?.close());

async function newMailbox(target = server) {
  const { body } = await request(target.httpUrl).post('/v1/generate-email').expect(201);
  return body as { address: string; domain: string; expiresAt: string; token: string };
}

/** A real message over SMTP, parsed before this resolves; the clock moves on 1 s after it. */
async function deliver(to: string, subject: string, extra: object = {}, target = server) {
  await sendMail(target.smtpPort, {
    from: 'Shop <no-reply@shop.example>',
    to,
    subject,
    text: `Hello. Your code is 481516 (${subject}).`,
    ...extra,
  });
  await target.ingest.drain();
  target.advance(1000);
}

/** A Pro user (demo checkout) and their API token. */
async function proToken(target = server) {
  const buyer = await buyPro(target.httpUrl, `v1-pro${++counter}@example.com`);
  const token = await buyer.get('/api/user-token').expect(200);
  return { buyer, token: token.body.token as string };
}

/**
 * A HEAD request written on a socket of its own, then a GET of `/healthz` on the same
 * connection with `Connection: close`: the second is answered only once the first answer has
 * ended (its event stream closed, say). The first answer as sent, and its headers; rejects
 * when it is never ended.
 */
async function rawHead(path: string, token: string) {
  const { port } = new URL(server.httpUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.write(
    `HEAD ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n` +
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
  );
  const received = await new Promise<string>((resolve, reject) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`HEAD ${path} was not ended: ${data}`));
    });
  });
  const text = received.slice(0, received.indexOf('HTTP/1.1', 1));
  const headers = Object.fromEntries(
    text
      .split('\r\n')
      .slice(1)
      .filter((line) => line.includes(':'))
      .map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
  );
  return { text, headers };
}

describe('generate-email', () => {
  it('makes a free mailbox for anyone, with a token that reads it', async () => {
    const created = await newMailbox();
    expect(created.address).toMatch(/^[a-z0-9]{10}@tempmail\.test$/);
    expect(created.domain).toBe('tempmail.test');
    expect(Date.parse(created.expiresAt) - server.services.now()).toBe(FREE_MAILBOX_LIFETIME_MS);
    const me = await api().get('/v1/me').set(bearer(created.token)).expect(200);
    expect(me.body).toMatchObject({
      kind: 'mailbox',
      plan: 'free',
      isPro: false,
      proExpiresAt: null,
      mailboxes: [{ address: created.address, expiresAt: created.expiresAt }],
      rateLimit: { limit: 100000 },
    });
    // The same token works on the mail.tm surface.
    await api().get('/me').set(bearer(created.token)).set('Accept', 'application/json').expect(200);
  });

  it('keeps customAlias for Pro API tokens', async () => {
    const refused = await api()
      .post('/v1/generate-email')
      .send({ customAlias: 'mine' })
      .expect(403);
    expect(refused.body.code).toBe('pro_required');
    const free = await newMailbox();
    await api()
      .post('/v1/generate-email')
      .set(bearer(free.token))
      .send({ customAlias: 'mine' })
      .expect(403);
    const invalid = await api().post('/v1/generate-email').send({ customAlias: 'a b' }).expect(400);
    expect(invalid.body.code).toBe('validation_failed');
  });

  it('refuses a token that is sent but not valid, instead of treating it as anonymous', async () => {
    for (const token of ['nonsense', 'tm_not-a-real-token', 'a.b.c']) {
      const response = await api().post('/v1/generate-email').set(bearer(token)).expect(401);
      expect(response.body.code).toBe('unauthorized');
    }
    // Another scheme is said to be one, not taken for a stale token.
    const basic = await api().get('/v1/domains').set('Authorization', 'Basic abc').expect(401);
    expect(basic.body.message).toBe(
      'Send the token as "Authorization: Bearer <token>"; other schemes are not accepted.',
    );
    const bare = await api().get('/v1/domains').set('Authorization', 'tm_abc').expect(401);
    expect(bare.body.message).toMatch(/^Send the token as "Authorization: Bearer <token>"/);
    const stale = await api().get('/v1/domains').set(bearer('nonsense')).expect(401);
    expect(stale.body.message).toBe('The bearer token is invalid or has expired.');
  });
});

describe('domains', () => {
  it('lists our domains, anonymously', async () => {
    const { body } = await api().get('/v1/domains').expect(200);
    expect(body).toEqual({ domains: ['tempmail.test'] });
  });
});

describe('reading messages', () => {
  it('lists, reads (marking seen), downloads and deletes, within the token’s mailbox only', async () => {
    const mine = await newMailbox();
    const other = await newMailbox();
    await deliver(mine.address, 'first', {
      html: '<p>Hi <b>there</b></p>',
      attachments: [{ filename: 'receipt.pdf', content: Buffer.from('%PDF-1.7 test') }],
    });
    await deliver(other.address, 'not yours');

    const list = await api().get('/v1/messages').set(bearer(mine.token)).expect(200);
    expect(list.body.total).toBe(1);
    const [summary] = list.body.messages;
    expect(summary).toMatchObject({
      mailbox: mine.address,
      from: { name: 'Shop', address: 'no-reply@shop.example' },
      subject: 'first',
      seen: false,
      hasAttachments: true,
    });

    const read = await api().get(`/v1/messages/${summary.id}`).set(bearer(mine.token)).expect(200);
    expect(read.body.seen).toBe(true);
    expect(read.body.html).toContain('<p>Hi <b>there</b></p>');
    expect(read.body.text).toContain('481516');
    const [attachment] = read.body.attachments;
    expect(attachment).toMatchObject({
      filename: 'receipt.pdf',
      contentType: 'application/pdf',
      size: 13,
      downloadUrl: `/v1/messages/${summary.id}/attachments/${attachment.id}`,
    });

    const file = await api().get(attachment.downloadUrl).set(bearer(mine.token)).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt\.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(file.body).toString()).toBe('%PDF-1.7 test');

    const raw = await fetch(`${server.httpUrl}/v1/messages/${summary.id}/raw`, {
      headers: bearer(mine.token),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(await raw.text()).toContain('Subject: first');

    // Another mailbox's token sees none of it.
    for (const path of [
      `/v1/messages/${summary.id}`,
      `/v1/messages/${summary.id}/raw`,
      attachment.downloadUrl,
    ]) {
      expect((await api().get(path).set(bearer(other.token)).expect(404)).body.code).toBe(
        'not_found',
      );
    }
    await api().delete(`/v1/messages/${summary.id}`).set(bearer(other.token)).expect(404);
    const foreign = await api()
      .get('/v1/messages')
      .query({ mailbox: mine.address })
      .set(bearer(other.token))
      .expect(403);
    expect(foreign.body.code).toBe('forbidden');

    await api().delete(`/v1/messages/${summary.id}`).set(bearer(mine.token)).expect(204);
    await api().get(`/v1/messages/${summary.id}`).set(bearer(mine.token)).expect(404);
    expect((await api().get('/v1/messages').set(bearer(mine.token))).body.total).toBe(0);
  });

  it('gives each message its codes and call to act, found once at arrival', async () => {
    const mine = await newMailbox();
    await deliver(mine.address, 'Confirm your account', {
      text: 'Bonjour, votre code de vérification : 739 201. Commande n° 55512.',
      html:
        '<p>Bonjour, votre code de vérification : <b>739 201</b>. Commande n° 55512.</p>' +
        '<a href="https://shop.example/">Shop</a>' +
        '<a href="https://shop.example/confirm?t=9&amp;u=2">Confirmer mon adresse</a>' +
        '<a href="https://shop.example/unsubscribe">Se désabonner</a>',
    });
    const confirm = {
      url: 'https://shop.example/confirm?t=9&u=2',
      text: 'Confirmer mon adresse',
      kind: 'verify',
      primary: true,
    };
    const codes = [{ value: '739201', context: expect.stringContaining('739 201') }];

    const list = await api().get('/v1/messages').set(bearer(mine.token)).expect(200);
    expect(list.body.messages[0]).toMatchObject({ codes, link: confirm });
    const { body } = await api()
      .get(`/v1/messages/${list.body.messages[0].id}`)
      .set(bearer(mine.token))
      .expect(200);
    expect(body).toMatchObject({ codes, link: confirm });
    expect(body.links).toEqual([
      confirm,
      { url: 'https://shop.example/', text: 'Shop', kind: 'other', primary: false },
      {
        url: 'https://shop.example/unsubscribe',
        text: 'Se désabonner',
        kind: 'unsubscribe',
        primary: false,
      },
    ]);
    // mail.tm's surface keeps its exact wire format: nothing of ours is added.
    const mailTm = await api()
      .get(`/messages/${body.id}`)
      .set(bearer(mine.token))
      .set('Accept', 'application/json')
      .expect(200);
    expect(mailTm.body).not.toHaveProperty('codes');
    expect(mailTm.body).not.toHaveProperty('links');
  });

  it('shows a free address’s inbox with codes to the dashboard, by the mailbox’s token', async () => {
    const mine = await newMailbox();
    const other = await newMailbox();
    await deliver(mine.address, 'Sign in', {
      text: 'Your sign-in code is 482913.',
      attachments: [{ filename: 'a.txt', content: Buffer.from('hello') }],
    });
    const list = await api().get('/api/mailbox/messages').set(bearer(mine.token)).expect(200);
    const [summary] = list.body.messages;
    expect(summary).toMatchObject({
      mailbox: mine.address,
      subject: 'Sign in',
      seen: false,
      codes: [{ value: '482913', context: 'Your sign-in code is 482913.' }],
      link: null,
    });
    const read = await api()
      .get(`/api/mailbox/messages/${summary.id}`)
      .set(bearer(mine.token))
      .expect(200);
    expect(read.body).toMatchObject({ seen: true, codes: summary.codes, links: [] });
    // Its attachments are fetched where the dashboard fetches a free address's: mail.tm's API.
    const [attachment] = read.body.attachments;
    expect(attachment.downloadUrl).toBe(`/messages/${summary.id}/attachment/${attachment.id}`);
    await api().get(attachment.downloadUrl).set(bearer(mine.token)).expect(200);

    await api().get(`/api/mailbox/messages/${summary.id}`).set(bearer(other.token)).expect(404);
    expect((await api().get('/api/mailbox/messages').expect(401)).body.code).toBe('unauthorized');
    await api().get('/api/mailbox/messages').set(bearer('forged.jwt.token')).expect(401);
  });

  it('lists no code and no link for mail that has none', async () => {
    const mine = await newMailbox();
    await deliver(mine.address, 'Your receipt', {
      text: 'Order 48151623, total 42.00 EUR, delivered to 75011 Paris on 12/05/2026.',
    });
    const list = await api().get('/v1/messages').set(bearer(mine.token)).expect(200);
    expect(list.body.messages[0]).toMatchObject({ codes: [], link: null });
  });

  it('pages with limit and before, each page with its own ETag', async () => {
    const box = await newMailbox();
    const auth = bearer(box.token);
    for (const subject of ['one', 'two', 'three', 'four', 'five']) {
      await deliver(box.address, subject);
    }
    const first = await api().get('/v1/messages').query({ limit: 2 }).set(auth).expect(200);
    expect(first.body.total).toBe(5);
    expect(first.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'five',
      'four',
    ]);
    const subjects: string[] = [];
    let before = first.body.messages[1].id as string;
    for (;;) {
      const page = await api().get('/v1/messages').query({ limit: 2, before }).set(auth);
      expect(page.status).toBe(200);
      expect(page.headers.etag).not.toBe(first.headers.etag);
      subjects.push(...page.body.messages.map((m: { subject: string }) => m.subject));
      if (page.body.messages.length < 2) break;
      before = page.body.messages.at(-1).id;
    }
    expect(subjects).toEqual(['three', 'two', 'one']);

    const other = await newMailbox();
    await api()
      .get('/v1/messages')
      .query({ before: first.body.messages[0].id })
      .set(bearer(other.token))
      .expect(404);
    await api().get('/v1/messages').query({ limit: 0 }).set(auth).expect(400);
    await api().get('/v1/messages').query({ limit: 201 }).set(auth).expect(400);
  });

  it('lists a message once it is parsed, never as a blank row', async () => {
    const box = await newMailbox();
    const mailbox = await server.stores.mailboxes.findByAddress(box.address);
    // Committed but not parsed yet: as between the SMTP 250 and the parser's result.
    await storeReceived(server.stores.messages, [
      { mailboxId: mailbox!.id, raw: Buffer.from('Subject: later\r\n\r\nHi.'), receivedAt: 1 },
    ]);
    const list = await api().get('/v1/messages').set(bearer(box.token)).expect(200);
    expect(list.body).toEqual({ messages: [], total: 0 });
  });

  it('needs a live mailbox token', async () => {
    await api().get('/v1/messages').expect(401);
    const short = await newMailbox();
    server.advance(FREE_MAILBOX_LIFETIME_MS);
    await api().get('/v1/messages').set(bearer(short.token)).expect(401);
  });
});

describe('conditional listing (ETag, Last-Modified, 304)', () => {
  it('answers HEAD as GET, headers and no body, and the event stream ends after its headers', async () => {
    const box = await newMailbox();
    const auth = bearer(box.token);
    await deliver(box.address, 'head');
    const get = await api().get('/v1/messages').set(auth).expect(200);
    // Read off the wire: an HTTP client stops at a HEAD answer's headers whatever follows.
    const head = await rawHead('/v1/messages', box.token);
    expect(head.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head.text.endsWith('\r\n\r\n')).toBe(true);
    expect(head.headers.etag).toBe(get.headers.etag);
    // It counts as a GET does, so the limits show on it.
    expect(Number(head.headers['ratelimit-remaining'])).toBe(
      Number(get.headers['ratelimit-remaining']) - 1,
    );
    // A look at a message leaves it unread.
    const [message] = get.body.messages as { id: string }[];
    await rawHead(`/v1/messages/${message!.id}`, box.token);
    expect((await api().get('/v1/messages').set(auth)).body.messages[0].seen).toBe(false);
    await api().head('/v1/domains').expect(200);
    await api().head('/healthz').expect(200);
    // The stream's headers, then its end: the next request on the connection is answered.
    const stream = await rawHead('/v1/events', box.token);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.text.endsWith('\r\n\r\n')).toBe(true);
    // The long poll answers at once: 200 when the next message is stored, else 204.
    const next = `/v1/addresses/${encodeURIComponent(box.address)}/messages/next`;
    const since = '2000-01-01T00:00:00Z';
    expect((await rawHead(`${next}?since=${since}&timeout=60`, box.token)).text).toMatch(
      /^HTTP\/1\.1 200 /,
    );
    const none = await rawHead(`${next}?after=${message!.id}&timeout=60`, box.token);
    expect(none.text).toMatch(/^HTTP\/1\.1 204 /);
  });

  it('answers 304 while the list is unchanged, and 200 after each kind of change', async () => {
    const box = await newMailbox();
    const auth = bearer(box.token);
    const first = await api().get('/v1/messages').set(auth).expect(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['last-modified']).toBe(new Date(server.services.now()).toUTCString());

    const same = await api().get('/v1/messages').set(auth).set('If-None-Match', etag).expect(304);
    expect(same.text).toBe('');
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['ratelimit-remaining']).toBeDefined();
    await api()
      .get('/v1/messages')
      .set(auth)
      .set('If-None-Match', `"other", W/${etag}`)
      .expect(304);
    await api().get('/v1/messages').set(auth).set('If-None-Match', '*').expect(304);

    // Arrival (and parse).
    server.advance(1000);
    await deliver(box.address, 'etag one');
    const afterArrival = await api()
      .get('/v1/messages')
      .set(auth)
      .set('If-None-Match', etag)
      .expect(200);
    const etag2 = afterArrival.headers.etag!;
    expect(etag2).not.toBe(etag);
    expect(Date.parse(afterArrival.headers['last-modified']!)).toBeGreaterThan(
      Date.parse(first.headers['last-modified']!),
    );
    const id = afterArrival.body.messages[0].id as string;

    // Seen.
    await api().get(`/v1/messages/${id}`).set(auth).expect(200);
    const afterSeen = await api()
      .get('/v1/messages')
      .set(auth)
      .set('If-None-Match', etag2)
      .expect(200);
    expect(afterSeen.body.messages[0].seen).toBe(true);
    const etag3 = afterSeen.headers.etag!;
    // Reading it again changes nothing.
    await api().get(`/v1/messages/${id}`).set(auth).expect(200);
    await api().get('/v1/messages').set(auth).set('If-None-Match', etag3).expect(304);

    // Deletion.
    server.advance(1000);
    await api().delete(`/v1/messages/${id}`).set(auth).expect(204);
    const afterDelete = await api()
      .get('/v1/messages')
      .set(auth)
      .set('If-None-Match', etag3)
      .expect(200);
    expect(afterDelete.body.total).toBe(0);

    // If-Modified-Since, when no If-None-Match is sent.
    const lastModified = afterDelete.headers['last-modified']!;
    await api().get('/v1/messages').set(auth).set('If-Modified-Since', lastModified).expect(304);
    await api()
      .get('/v1/messages')
      .set(auth)
      .set('If-Modified-Since', new Date(Date.parse(lastModified) - 1000).toUTCString())
      .expect(200);
    // If-None-Match decides when both are sent.
    await api()
      .get('/v1/messages')
      .set(auth)
      .set('If-None-Match', '"stale"')
      .set('If-Modified-Since', lastModified)
      .expect(200);
    await api().get('/v1/messages').set(auth).set('If-Modified-Since', 'not a date').expect(200);
  });

  it('answers plain polls from the cached body, never a stale one', async () => {
    const box = await newMailbox();
    const auth = bearer(box.token);
    await deliver(box.address, 'cached one');
    const first = await api().get('/v1/messages').set(auth).expect(200);
    const second = await api().get('/v1/messages').set(auth).expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers.etag).toBe(first.headers.etag);
    await deliver(box.address, 'cached two');
    const third = await api().get('/v1/messages').set(auth).expect(200);
    expect(third.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'cached two',
      'cached one',
    ]);
    await api().get(`/v1/messages/${third.body.messages[1].id}`).set(auth).expect(200);
    const fourth = await api().get('/v1/messages').set(auth).expect(200);
    expect(fourth.body.messages[1].seen).toBe(true);
  });

  it('changes the validators when the retention purge removes messages', async () => {
    const { token } = await proToken();
    const box = await api().post('/v1/generate-email').set(bearer(token)).send({}).expect(201);
    await deliver(box.body.address, 'old one');
    const before = await api().get('/v1/messages').set(bearer(token)).expect(200);
    expect(before.body.total).toBe(1);
    const deleted = await server.stores.messages.deleteReceivedBefore(
      server.services.now() + 1,
      100,
      server.services.now(),
    );
    expect(deleted).toBeGreaterThan(0);
    await api()
      .get('/v1/messages')
      .set(bearer(token))
      .set('If-None-Match', before.headers.etag!)
      .expect(200);
  });
});

describe('Pro API tokens', () => {
  it('make Pro mailboxes with aliases and read all of their user’s mailboxes', async () => {
    const { token, buyer } = await proToken();
    const user = (await buyer.get('/api/user').expect(200)).body as { proExpiresAt: string };
    const alias = `shop${counter}`;
    const named = await api()
      .post('/v1/generate-email')
      .set(bearer(token))
      .send({ customAlias: alias.toUpperCase() })
      .expect(201);
    expect(named.body.address).toBe(`${alias}@tempmail.test`);
    expect(named.body.expiresAt).toBe(user.proExpiresAt);
    const taken = await api()
      .post('/v1/generate-email')
      .set(bearer(token))
      .send({ customAlias: alias })
      .expect(422);
    expect(taken.body.code).toBe('address_taken');
    const random = await api().post('/v1/generate-email').set(bearer(token)).expect(201);

    await deliver(named.body.address, 'to the alias');
    await deliver(random.body.address, 'to the random one');

    const me = await api().get('/v1/me').set(bearer(token)).expect(200);
    expect(me.body).toMatchObject({ kind: 'api_token', plan: 'pro_monthly', isPro: true });
    expect(me.body.rateLimit.limit).toBe(100000);
    expect(me.body.mailboxes.map((m: { address: string }) => m.address).sort()).toEqual(
      [named.body.address, random.body.address].sort(),
    );

    const all = await api().get('/v1/messages').set(bearer(token)).expect(200);
    expect(all.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'to the random one',
      'to the alias',
    ]);
    const one = await api()
      .get('/v1/messages')
      .query({ mailbox: named.body.address })
      .set(bearer(token))
      .expect(200);
    expect(one.body.total).toBe(1);

    // The mailbox's own token reports its owner's plan.
    const mailboxMe = await api().get('/v1/me').set(bearer(named.body.token)).expect(200);
    expect(mailboxMe.body).toMatchObject({ kind: 'mailbox', plan: 'pro_monthly', isPro: true });

    // Rotation retires the old token at once.
    const rotated = await buyer.post('/api/user-token').expect(201);
    await api().get('/v1/me').set(bearer(token)).expect(401);
    await api().get('/v1/me').set(bearer(rotated.body.token)).expect(200);
  });
});

describe('event stream', () => {
  it('pushes new messages of the mailbox, and resumes after Last-Event-ID', async () => {
    const box = await newMailbox();
    const events = await readEvents(`${server.httpUrl}/v1/events`, bearer(box.token));
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.headers.get('ratelimit-limit')).toBe('100000');
    await deliver(box.address, 'live one');
    const frame = await events.waitFor((f) => f.event === 'message');
    const data = JSON.parse(frame.data);
    expect(data).toMatchObject({ mailbox: box.address, subject: 'live one', seen: false });
    expect(frame.id).toBe(data.id);
    events.close();

    // Two more while disconnected: a resume gets exactly those, oldest first.
    await deliver(box.address, 'missed one');
    await deliver(box.address, 'missed two');
    const resumed = await readEvents(`${server.httpUrl}/v1/events`, {
      ...bearer(box.token),
      'Last-Event-ID': frame.id!,
    });
    await resumed.waitFor((f) => f.data.includes('missed two'));
    await deliver(box.address, 'live again');
    await resumed.waitFor((f) => f.data.includes('live again'));
    expect(resumed.frames.map((f) => JSON.parse(f.data).subject)).toEqual([
      'missed one',
      'missed two',
      'live again',
    ]);
    resumed.close();

    // An unknown id resumes live only; no Last-Event-ID starts live.
    const fresh = await readEvents(`${server.httpUrl}/v1/events`, {
      ...bearer(box.token),
      'Last-Event-ID': '0123456789abcdef01234567',
    });
    await deliver(box.address, 'only this');
    await fresh.waitFor((f) => f.data.includes('only this'));
    expect(fresh.frames).toHaveLength(1);
    fresh.close();
  });

  it('gives a Pro API token every mailbox of its user, including ones made later', async () => {
    const { token } = await proToken();
    const first = await api().post('/v1/generate-email').set(bearer(token)).expect(201);
    const events = await readEvents(`${server.httpUrl}/v1/events`, bearer(token));
    const later = await api().post('/v1/generate-email').set(bearer(token)).expect(201);
    await deliver(first.body.address, 'to the first');
    await deliver(later.body.address, 'to the later one');
    await events.waitFor((f) => f.data.includes('to the first'));
    // The later mailbox is picked up at the stream's next refresh, with what it missed.
    await events.waitFor((f) => f.data.includes('to the later one'), 6_000);
    events.close();
  });

  it('ends an account’s mailbox stream when the account signs out everywhere', async () => {
    const { buyer, token } = await proToken();
    const made = await api().post('/v1/generate-email').set(bearer(token)).expect(201);
    const events = await readEvents(`${server.httpUrl}/v1/events`, bearer(made.body.token));
    await deliver(made.body.address, 'before the sign-out');
    await events.waitFor((f) => f.data.includes('before the sign-out'));
    await buyer.post('/api/logout-everywhere').expect(200);
    // At the stream's next check of its token, within a few seconds.
    await events.ended;
    await api().get('/v1/messages').set(bearer(made.body.token)).expect(401);
    // The API token is the account's to revoke: signing out leaves it working.
    await api().get('/v1/messages').set(bearer(token)).expect(200);
  });

  it('ends an account’s mail.tm Mercure stream when the account signs out everywhere', async () => {
    const { buyer, token } = await proToken();
    const made = await api().post('/v1/generate-email').set(bearer(token)).expect(201);
    const { id } = (await api().get('/me').set(bearer(made.body.token)).expect(200)).body;
    const hub = await readEvents(
      `${server.httpUrl}/.well-known/mercure?topic=/accounts/${id}`,
      bearer(made.body.token),
    );
    await deliver(made.body.address, 'before the sign-out');
    await hub.waitFor((f) => f.data.includes('before the sign-out'));
    await buyer.post('/api/logout-everywhere').expect(200);
    await hub.ended;
  });

  it('lets go of every subscription when the client leaves, on each kind of stream', async () => {
    // Counts what the streams hold on the bus: each must be released once, when its client goes.
    const bus = server.services.events;
    const { subscribe, onResync } = bus;
    const held = { subscriptions: 0, resyncListeners: 0 };
    const counted =
      (kind: keyof typeof held) =>
      (stop: () => void): (() => void) => {
        held[kind] += 1;
        return () => {
          held[kind] -= 1;
          stop();
        };
      };
    bus.subscribe = (mailboxId, listener) =>
      counted('subscriptions')(subscribe.call(bus, mailboxId, listener));
    bus.onResync = (listener) => counted('resyncListeners')(onResync.call(bus, listener));
    try {
      const box = await newMailbox();
      const { token } = await proToken();
      await api().post('/v1/generate-email').set(bearer(token)).expect(201);
      const { body: account } = await api()
        .get('/me')
        .set(bearer(box.token))
        .set('Accept', 'application/json')
        .expect(200);
      const streams = [
        await readEvents(`${server.httpUrl}/v1/events`, bearer(box.token)),
        // A Pro token's stream also has its refresh timer running.
        await readEvents(`${server.httpUrl}/v1/events`, bearer(token)),
        await readEvents(
          `${server.httpUrl}/.well-known/mercure?topic=/accounts/${account.id}`,
          bearer(box.token),
        ),
      ];
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
      expect(held).toEqual({ subscriptions: 3, resyncListeners: 3 });
      for (const stream of streams) stream.close();
      await expect
        .poll(() => ({ ...held }), { timeout: 5_000 })
        .toEqual({
          subscriptions: 0,
          resyncListeners: 0,
        });
    } finally {
      Object.assign(bus, { subscribe, onResync });
    }
  });

  it('refuses without a token, and ends when the mailbox expires', async () => {
    const anonymous = await fetch(`${server.httpUrl}/v1/events`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe('unauthorized');
    const badResume = await fetch(`${server.httpUrl}/v1/events`, {
      headers: { ...bearer((await newMailbox()).token), 'Last-Event-ID': 'nope' },
    });
    expect(badResume.status).toBe(400);

    // A mailbox 200 ms from its end: the stream closes when it expires.
    const { services } = server;
    const mailbox = await server.stores.mailboxes.create({
      address: `short${++counter}@tempmail.test`,
      passwordHash: 'unused',
      ownerUserId: null,
      now: services.now(),
      expiresAt: services.now() + 200,
    });
    const token = await services.mailboxTokens.issue(mailbox);
    const events = await readEvents(`${server.httpUrl}/v1/events`, bearer(token));
    expect(events.status).toBe(200);
    server.advance(200);
    await events.ended;
    const late = await fetch(`${server.httpUrl}/v1/events`, { headers: bearer(token) });
    expect(late.status).toBe(401);
    events.close();
  });
});

describe('waiting for the next message (long poll)', () => {
  const next = (address: string, query = '') =>
    `/v1/addresses/${encodeURIComponent(address)}/messages/next${query}`;

  /** Counts the event bus subscriptions held, to know when a poll is waiting. */
  async function countingSubscriptions(run: (held: () => number) => Promise<void>) {
    const bus = server.services.events;
    const { subscribe } = bus;
    let held = 0;
    bus.subscribe = (mailboxId, listener) => {
      held += 1;
      const stop = subscribe.call(bus, mailboxId, listener);
      return () => {
        held -= 1;
        stop();
      };
    };
    try {
      await run(() => held);
    } finally {
      bus.subscribe = subscribe;
    }
  }

  it('answers with a message sent during the wait, with its code, counting once', async () => {
    const box = await newMailbox();
    const before = await api().get('/v1/me').set(bearer(box.token)).expect(200);
    let response!: request.Response;
    await countingSubscriptions(async (held) => {
      const answer = api()
        .get(next(box.address, '?timeout=20'))
        .set(bearer(box.token))
        .then((done) => done);
      // Mail arrives over SMTP once the poll is waiting.
      await expect.poll(held, { timeout: 5_000 }).toBe(1);
      await deliver(box.address, 'Your code');
      response = await answer;
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      mailbox: box.address,
      subject: 'Your code',
      codes: [{ value: '481516' }],
    });
    // `/v1/me` itself counted one; the long poll one more, however long it waited.
    const remaining = Number(before.body.rateLimit.remaining);
    expect(Number(response.headers['ratelimit-remaining'])).toBe(remaining - 1);
  });

  it('answers stored messages after `after` at once, oldest first, then 204', async () => {
    const box = await newMailbox();
    await deliver(box.address, 'one');
    await deliver(box.address, 'two');
    await deliver(box.address, 'three');
    const { body } = await api().get('/v1/messages').set(bearer(box.token)).expect(200);
    const [three, two, one] = body.messages as { id: string; subject: string }[];
    const after = async (id: string, extra = '') =>
      api()
        .get(next(box.address, `?after=${id}&timeout=0${extra}`))
        .set(bearer(box.token));
    expect((await after(one!.id)).body.subject).toBe('two');
    expect((await after(two!.id)).body.subject).toBe('three');
    expect((await after(one!.id, '&subject=THR')).body.subject).toBe('three');
    expect((await after(three!.id)).status).toBe(204);
    const fromTheStart = await api()
      .get(next(box.address, `?since=${encodeURIComponent('1970-01-01T00:00:00Z')}&timeout=0`))
      .set(bearer(box.token));
    expect(fromTheStart.body.subject).toBe('one');
    // As typed in a shell, the time's colons unencoded.
    const typed = await api()
      .get(next(box.address, '?since=1970-01-01T00:00:00Z&timeout=0'))
      .set(bearer(box.token));
    expect(typed.body.subject).toBe('one');
    expect((await after(one!.id, '&from=nobody.example')).status).toBe(204);
    // An address as typed, `@` and all (RFC 3986 allows it in a query), as in the list's filter.
    expect((await after(one!.id, '&from=no-reply@shop.example')).body.subject).toBe('two');
    const listed = await api()
      .get(`/v1/messages?mailbox=${box.address}`)
      .set(bearer(box.token))
      .expect(200);
    expect(listed.body.messages).toHaveLength(3);
  });

  it('passes over mail that does not match and gives up after the timeout with 204', async () => {
    const box = await newMailbox();
    await countingSubscriptions(async (held) => {
      const waiting = api()
        .get(next(box.address, '?timeout=2&from=bank.example'))
        .set(bearer(box.token))
        .then((response) => response);
      await expect.poll(held, { timeout: 5_000 }).toBe(1);
      await deliver(box.address, 'From the shop, not the bank');
      const response = await waiting;
      expect(response.status).toBe(204);
      expect(response.body).toEqual({});
    });
  });

  it('refuses another address, an unknown `after` and a timeout past 60 s', async () => {
    const mine = await newMailbox();
    const other = await newMailbox();
    const refused = await api().get(next(other.address)).set(bearer(mine.token)).expect(403);
    expect(refused.body.code).toBe('forbidden');
    await api()
      .get(next(mine.address, '?after=65f1c0ffee0ddba11c0ffee1&timeout=0'))
      .set(bearer(mine.token))
      .expect(404);
    const tooLong = await api()
      .get(next(mine.address, '?timeout=61'))
      .set(bearer(mine.token))
      .expect(400);
    expect(tooLong.body.code).toBe('validation_failed');
    await api().get(next(mine.address)).expect(401);
  });

  it('lets go of its subscription when the client leaves', async () => {
    const box = await newMailbox();
    await countingSubscriptions(async (held) => {
      const leaving = new AbortController();
      const polling = fetch(`${server.httpUrl}${next(box.address, '?timeout=60')}`, {
        headers: bearer(box.token),
        signal: leaving.signal,
      }).catch(() => undefined);
      await expect.poll(held, { timeout: 5_000 }).toBe(1);
      leaving.abort();
      await polling;
      await expect.poll(held, { timeout: 5_000 }).toBe(0);
    });
  });
});
