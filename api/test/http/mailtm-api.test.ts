// The mail.tm-compatible surface, in mail.tm's wire format; every JSON response is checked
// against the contract by the validator (buildTestApp turns response validation on).
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SendMailOptions } from 'nodemailer';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MAILBOX_LIFETIME_MS } from '../../src/features/mailboxes/lifetimes.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import { sendMail } from '../../../tests/support/send-mail.js';

let server: TestMailServer;
const api = () => request(server.httpUrl);
const json = { Accept: 'application/json' };
const ld = { Accept: 'application/ld+json' };

async function account(address: string, password = 'secret123') {
  const created = await api().post('/accounts').set(json).send({ address, password }).expect(201);
  const { body } = await api().post('/token').send({ address, password }).expect(200);
  return { id: created.body.id as string, address, token: body.token as string };
}

/** Sends a real message over SMTP and waits until it is parsed. */
async function sendMailTo(to: string, options: Partial<SendMailOptions> = {}) {
  await sendMail(server.smtpPort, {
    from: 'Shop <no-reply@shop.example>',
    to,
    subject: 'Hello',
    text: 'Hello there.',
    ...options,
  });
  await server.ingest.drain();
}

beforeAll(async () => {
  server = await startTestMailServer({ MAIL_DOMAINS: 'tempmail.test,second.test' });
});
afterAll(() => server?.close());

describe('domains', () => {
  it('lists them as a Hydra collection or a plain array', async () => {
    const hydra = await api()
      .get('/domains')
      .set(ld)
      .expect(200)
      .expect('Content-Type', /^application\/ld\+json/);
    expect(hydra.body).toMatchObject({
      '@context': '/contexts/Domain',
      '@id': '/domains',
      '@type': 'hydra:Collection',
      'hydra:totalItems': 2,
    });
    expect(hydra.body['hydra:view']).toBeUndefined();
    expect(hydra.body['hydra:member'][0]).toMatchObject({
      '@type': 'Domain',
      domain: 'tempmail.test',
      isActive: true,
    });

    const plain = await api()
      .get('/domains')
      .set(json)
      .expect(200)
      .expect('Content-Type', /^application\/json/);
    expect(plain.body.map((domain: { domain: string }) => domain.domain)).toEqual([
      'tempmail.test',
      'second.test',
    ]);
    expect(plain.body[0].id).toMatch(/^[0-9a-f]{24}$/);
    expect(plain.body[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

    const one = await api().get(`/domains/${plain.body[0].id}`).set(json).expect(200);
    expect(one.body.domain).toBe('tempmail.test');
    expect((await api().get('/domains/nope').set(json).expect(404)).body).toEqual({
      detail: 'Not Found',
    });
  });

  it('takes the empty Bearer header mail.tm clients send on public calls', async () => {
    await api().get('/domains').set('Authorization', 'Bearer ').expect(200);
  });
});

describe('accounts and tokens', () => {
  it('creates an account with a lower-cased address and answers 201', async () => {
    const response = await api()
      .post('/accounts')
      .set(ld)
      .send({ address: 'Mixed.Case@TempMail.test', password: 'secret123' })
      .expect(201);
    expect(response.body).toMatchObject({
      '@type': 'Account',
      address: 'mixed.case@tempmail.test',
      quota: 40_000_000,
      used: 0,
      isDisabled: false,
      isDeleted: false,
    });
    expect(response.body['@id']).toBe(`/accounts/${response.body.id}`);
  });

  it('refuses a taken address with mail.tm’s 422 body', async () => {
    await account('taken@tempmail.test');
    const response = await api()
      .post('/accounts')
      .set(json)
      .send({ address: 'TAKEN@tempmail.test', password: 'another1' })
      .expect(422);
    expect(response.body).toMatchObject({
      '@type': 'ConstraintViolationList',
      'hydra:description': 'address: This value is already used.',
      violations: [{ propertyPath: 'address', message: 'This value is already used.' }],
    });
  });

  it('refuses foreign domains, bad local parts and short passwords with violations', async () => {
    const foreign = await api()
      .post('/accounts')
      .set(json)
      .send({ address: 'x@gmail.example', password: 'secret123' })
      .expect(422);
    expect(foreign.body.violations[0].propertyPath).toBe('address');
    const bad = await api()
      .post('/accounts')
      .set(json)
      .send({ address: 'a%b@tempmail.test', password: 'secret123' })
      .expect(422);
    expect(bad.body.violations[0].message).toBe('This value is not a valid email address.');
    const short = await api()
      .post('/accounts')
      .set(json)
      .send({ address: 'short@tempmail.test', password: '123' })
      .expect(422);
    expect(short.body.violations).toEqual([
      {
        propertyPath: 'password',
        message: 'This value is too short. It should have 6 characters or more.',
      },
    ]);
  });

  it('issues a token for the right password only', async () => {
    const { id } = await account('tok@tempmail.test');
    const good = await api()
      .post('/token')
      .send({ address: 'tok@tempmail.test', password: 'secret123' })
      .expect(200);
    expect(good.body).toEqual({ id, token: expect.stringMatching(/^ey/) });
    // The same object in either form; the media type follows what was asked for.
    for (const [accept, type] of [
      [ld, /^application\/ld\+json/],
      [json, /^application\/json/],
    ] as const) {
      const asked = await api()
        .post('/token')
        .set(accept)
        .send({ address: 'tok@tempmail.test', password: 'secret123' })
        .expect(200);
      expect(asked.headers['content-type']).toMatch(type);
      expect(asked.body).toEqual({ id, token: expect.stringMatching(/^ey/) });
    }
    const wrong = await api()
      .post('/token')
      .send({ address: 'tok@tempmail.test', password: 'wrong-pass' })
      .expect(401);
    expect(wrong.body).toEqual({ code: 401, message: 'Invalid credentials.' });
    await api()
      .post('/token')
      .send({ address: 'nobody@tempmail.test', password: 'secret123' })
      .expect(401);
  });

  it('answers /me and /accounts/{id} for the token’s own account only', async () => {
    const mine = await account('me@tempmail.test');
    const other = await account('other@tempmail.test');
    const auth = { Authorization: `Bearer ${mine.token}` };
    expect((await api().get('/me').set(auth).set(ld).expect(200)).body).toMatchObject({
      '@id': '/me',
      id: mine.id,
    });
    await api().get(`/accounts/${mine.id}`).set(auth).set(json).expect(200);
    expect((await api().get(`/accounts/${other.id}`).set(auth).set(json).expect(404)).body).toEqual(
      { detail: 'Not Found' },
    );
  });

  it('deletes an account, after which its token is refused', async () => {
    const gone = await account('gone@tempmail.test');
    const auth = { Authorization: `Bearer ${gone.token}` };
    await api().delete(`/accounts/${gone.id}`).set(auth).expect(204);
    expect((await api().get('/me').set(auth).expect(401)).body).toEqual({
      code: 401,
      message: 'Invalid JWT Token',
    });
  });
});

describe('authentication', () => {
  it('refuses missing, forged, unsigned and expired tokens with mail.tm’s texts', async () => {
    const { id, token } = await account('auth@tempmail.test');
    expect((await api().get('/me').expect(401)).body).toEqual({
      code: 401,
      message: 'JWT Token not found',
    });
    const refused = async (bad: string) =>
      expect(
        (await api().get('/me').set('Authorization', `Bearer ${bad}`).expect(401)).body,
      ).toEqual({
        code: 401,
        message: 'Invalid JWT Token',
      });
    await refused(`${token.slice(0, -2)}xx`);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: id, address: 'auth@tempmail.test' })).toString('base64url')}.`;
    await refused(unsigned);
    const wrongKey = await new SignJWT({ address: 'auth@tempmail.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    await refused(wrongKey);
  });

  it('stops honouring a token when its mailbox expires', async () => {
    const { token } = await account('short-lived@tempmail.test');
    await api().get('/me').set('Authorization', `Bearer ${token}`).expect(200);
    server.advance(FREE_MAILBOX_LIFETIME_MS + 1);
    await api().get('/me').set('Authorization', `Bearer ${token}`).expect(401);
  });
});

describe('messages', () => {
  let inbox: Awaited<ReturnType<typeof account>>;
  const auth = () => ({ Authorization: `Bearer ${inbox.token}` });

  beforeAll(async () => {
    inbox = await account('inbox@tempmail.test');
    await sendMailTo(inbox.address, {
      subject: 'Your code: 482913',
      cc: 'Copy <copy@shop.example>',
      text: 'Your verification code is 482913.',
      html: '<p>Your code is <b>482913</b></p>',
      attachments: [
        { filename: 'receipt.txt', content: 'total: 3 EUR', contentType: 'text/plain' },
      ],
    });
  });

  it('lists a message sent over SMTP, in both representations', async () => {
    const plain = await api().get('/messages').set(auth()).set(json).expect(200);
    expect(plain.body).toHaveLength(1);
    expect(plain.body[0]).toMatchObject({
      accountId: `/accounts/${inbox.id}`,
      from: { address: 'no-reply@shop.example', name: 'Shop' },
      to: [{ address: 'inbox@tempmail.test', name: '' }],
      subject: 'Your code: 482913',
      intro: 'Your verification code is 482913.',
      seen: false,
      isDeleted: false,
      hasAttachments: true,
    });
    const hydra = await api().get('/messages').set(auth()).set(ld).expect(200);
    expect(hydra.body['hydra:totalItems']).toBe(1);
    expect(hydra.body['hydra:member'][0]['@type']).toBe('Message');
  });

  it('reads a whole message, with html as an array and its attachments', async () => {
    const [summary] = (await api().get('/messages').set(auth()).set(json)).body;
    const detail = await api().get(`/messages/${summary.id}`).set(auth()).set(json).expect(200);
    expect(detail.body).toMatchObject({
      id: summary.id,
      cc: [{ address: 'copy@shop.example', name: 'Copy' }],
      bcc: [],
      text: expect.stringContaining('482913'),
      html: [expect.stringContaining('<b>482913</b>')],
      verifications: { tls: null, spf: false, dkim: false },
      retention: true,
    });
    expect(detail.body.attachments).toEqual([
      expect.objectContaining({ filename: 'receipt.txt', contentType: 'text/plain', size: 12 }),
    ]);
    const attachment = detail.body.attachments[0];
    const file = await api().get(attachment.downloadUrl).set(auth()).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt.txt"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.text).toBe('total: 3 EUR');
  });

  it('marks as related the parts the HTML shows, and shows a bare related part inline', async () => {
    const own = await account('inline@tempmail.test');
    // The usual inline logo (in a multipart/related, a Content-ID, no disposition), and an
    // inline part nothing refers to.
    const raw = [
      'From: Shop <no-reply@shop.example>',
      `To: ${own.address}`,
      'Subject: With a logo',
      'MIME-Version: 1.0',
      'Content-Type: multipart/related; boundary="rel"',
      '',
      '--rel',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p><img src="cid:Logo@shop.example"> Hello</p>',
      '--rel',
      'Content-Type: image/png',
      'Content-ID: <logo@shop.example>',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgo=',
      '--rel',
      'Content-Type: image/png',
      'Content-ID: <unused@shop.example>',
      'Content-Disposition: inline; filename="unused.png"',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgo=',
      '--rel--',
      '',
    ].join('\r\n');
    await sendMailTo(own.address, {
      raw,
      envelope: { from: 'no-reply@shop.example', to: own.address },
    });
    const ownAuth = { Authorization: `Bearer ${own.token}` };
    const [summary] = (await api().get('/messages').set(ownAuth).set(json)).body;
    const detail = await api().get(`/messages/${summary.id}`).set(ownAuth).set(json).expect(200);
    expect(
      detail.body.attachments.map((part: { disposition: string; related: boolean }) => [
        part.disposition,
        part.related,
      ]),
    ).toEqual([
      ['inline', true],
      ['inline', false],
    ]);
  });

  it('serves the raw source and its download', async () => {
    const [summary] = (await api().get('/messages').set(auth()).set(json)).body;
    const source = await api().get(`/sources/${summary.id}`).set(auth()).set(json).expect(200);
    expect(source.body.data).toContain('Subject: Your code: 482913');
    expect(source.body.data).toMatch(/^Received: from /);
    const raw = await api()
      .get(`/messages/${summary.id}/download`)
      .set(auth())
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect((raw.body as Buffer).toString()).toBe(source.body.data);
  });

  it('marks seen with merge-patch and deletes', async () => {
    await sendMailTo(inbox.address, { subject: 'to delete' });
    const list = (await api().get('/messages').set(auth()).set(json)).body;
    const target = list.find((message: { subject: string }) => message.subject === 'to delete');
    const patched = await api()
      .patch(`/messages/${target.id}`)
      .set(auth())
      .set(json)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ seen: true }))
      .expect(200);
    expect(patched.body.seen).toBe(true);
    await api().delete(`/messages/${target.id}`).set(auth()).expect(204);
    await api().get(`/messages/${target.id}`).set(auth()).expect(404);
  });

  it('shows another mailbox’s messages to nobody', async () => {
    const [summary] = (await api().get('/messages').set(auth()).set(json)).body;
    const intruder = await account('intruder@tempmail.test');
    const theirs = { Authorization: `Bearer ${intruder.token}` };
    for (const path of [
      `/messages/${summary.id}`,
      `/sources/${summary.id}`,
      `/messages/${summary.id}/download`,
    ]) {
      expect((await api().get(path).set(theirs).set(json).expect(404)).body).toEqual({
        detail: 'Not Found',
      });
    }
    await api()
      .patch(`/messages/${summary.id}`)
      .set(theirs)
      .set('Content-Type', 'application/merge-patch+json')
      .send('{"seen":true}')
      .expect(404);
    await api().delete(`/messages/${summary.id}`).set(theirs).expect(404);
    expect((await api().get('/messages').set(theirs).set(json).expect(200)).body).toEqual([]);
  });

  it('pages 30 at a time with hydra:view links', async () => {
    const paged = await account('paged@tempmail.test');
    const mailbox = await server.stores.mailboxes.findById(paged.id);
    for (let i = 0; i < 35; i += 1) {
      await server.ingest.accept(new Uint8Array(Buffer.from(`Subject: n${i}\r\n\r\nbody ${i}`)), [
        mailbox!.id,
      ]);
    }
    await server.ingest.drain();
    const pagedAuth = { Authorization: `Bearer ${paged.token}` };
    const first = await api().get('/messages').set(pagedAuth).set(ld).expect(200);
    expect(first.body['hydra:member']).toHaveLength(30);
    expect(first.body['hydra:totalItems']).toBe(35);
    expect(first.body['hydra:view']).toEqual({
      '@id': '/messages?page=1',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/messages?page=1',
      'hydra:last': '/messages?page=2',
      'hydra:next': '/messages?page=2',
    });
    const second = await api().get('/messages?page=2').set(pagedAuth).set(ld).expect(200);
    expect(second.body['hydra:member']).toHaveLength(5);
    expect(second.body['hydra:view']['hydra:previous']).toBe('/messages?page=1');
    expect((await api().get('/messages?page=2').set(pagedAuth).set(json)).body).toHaveLength(5);
  });
});

describe('live events (Mercure)', () => {
  it('streams the Message and the Account when mail arrives, and when it is seen', async () => {
    const live = await account('live@tempmail.test');
    const controller = new AbortController();
    const response = await fetch(
      `${server.httpUrl}/.well-known/mercure?topic=/accounts/${live.id}&authorization=${live.token}`,
      { signal: controller.signal },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    const accountFrames = (count: number) =>
      (async () => {
        while ((text.match(/"@type":"Account"/g) ?? []).length < count) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      })();
    const arrived = accountFrames(1);
    await sendMailTo(live.address, { subject: 'live one' });
    await arrived;
    const [listed] = (
      await api()
        .get('/messages')
        .set({ Authorization: `Bearer ${live.token}` })
        .set(json)
        .expect(200)
    ).body as { id: string }[];
    const seen = accountFrames(2);
    await api()
      .patch(`/messages/${listed!.id}`)
      .set({ Authorization: `Bearer ${live.token}` })
      .send({ seen: true })
      .expect(200);
    await seen;
    controller.abort();
    const frames = text
      .split('\n\n')
      .filter((frame) => frame.startsWith('id: '))
      .map((frame) => {
        const [idLine, dataLine] = frame.split('\n');
        return { id: idLine!.slice(4), data: JSON.parse(dataLine!.slice(6)) };
      });
    expect(frames[0]!.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(frames[0]!.data).toMatchObject({
      '@type': 'Message',
      subject: 'live one',
      seen: false,
      isDeleted: false,
    });
    expect(frames[1]!.data).toMatchObject({
      '@type': 'Account',
      id: live.id,
      used: expect.any(Number),
    });
    expect(frames[1]!.data.used).toBeGreaterThan(0);
    expect(frames[2]!.data).toMatchObject({ '@type': 'Message', id: listed!.id, seen: true });
    expect(frames[3]!.data).toMatchObject({ '@type': 'Account', id: live.id });
  });

  it('takes the token from Mercure’s cookie, so a browser needs none in the URL', async () => {
    const live = await account('cookie@tempmail.test');
    const controller = new AbortController();
    const response = await fetch(
      `${server.httpUrl}/.well-known/mercure?topic=/accounts/${live.id}`,
      {
        headers: { Cookie: `mercureAuthorization=${encodeURIComponent(live.token)}` },
        signal: controller.signal,
      },
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = '';
    const arrived = (async () => {
      while (!/"@type":"Message"/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    })();
    await sendMailTo(live.address, { subject: 'by cookie' });
    await arrived;
    controller.abort();
    expect(text).toContain('"subject":"by cookie"');
    const forged = await fetch(`${server.httpUrl}/.well-known/mercure?topic=/accounts/${live.id}`, {
      headers: { Cookie: 'mercureAuthorization=not.a.jwt' },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses another account’s topic and a missing token', async () => {
    const live = await account('topic@tempmail.test');
    const other = await account('topic-other@tempmail.test');
    const foreign = await fetch(
      `${server.httpUrl}/.well-known/mercure?topic=/accounts/${other.id}`,
      {
        headers: { Authorization: `Bearer ${live.token}` },
      },
    );
    expect(foreign.status).toBe(404);
    const anonymous = await fetch(
      `${server.httpUrl}/.well-known/mercure?topic=/accounts/${live.id}`,
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('a large message', () => {
  it('arrives whole over SMTP and downloads whole, source and attachment', async () => {
    // Past GROW_IN_PLACE_BYTES and CONTENT_PIECE_BYTES (1 MiB each) and HEADER_SCAN_BYTES
    // (4 MiB): collected in place, moved (not copied) to a parser thread, stored in pieces.
    const file = randomBytes(4_500_000);
    const owner = await account('large@tempmail.test');
    const auth = { Authorization: `Bearer ${owner.token}` };
    await sendMailTo(owner.address, {
      subject: 'Large file',
      attachments: [{ filename: 'data.bin', content: file, contentType: 'application/zip' }],
    });
    const download = (path: string) =>
      api()
        .get(path)
        .set(auth)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);

    const [summary] = (await api().get('/messages').set(auth).set(json).expect(200)).body;
    expect(summary).toMatchObject({ subject: 'Large file', hasAttachments: true });
    const detail = (await api().get(`/messages/${summary.id}`).set(auth).set(json).expect(200))
      .body;
    expect(detail.attachments).toEqual([
      expect.objectContaining({ filename: 'data.bin', size: file.byteLength }),
    ]);
    const stored = (await download(detail.attachments[0].downloadUrl)).body as Buffer;
    expect(stored.equals(file)).toBe(true);

    const raw = (await download(`/messages/${summary.id}/download`)).body as Buffer;
    expect(raw.byteLength).toBe(summary.size);
    expect(raw.toString('latin1')).toMatch(/^Received: from /);
    // The whole attachment, in base64 as sent, once its line breaks are taken out.
    expect(raw.toString('latin1').replace(/\r\n/g, '')).toContain(file.toString('base64'));
  });
});

describe('mail.tm’s rate limit', () => {
  it('answers the ninth request in a second with 429 and mail.tm’s message', async () => {
    const limited = await startTestMailServer({ MAILTM_RATE_LIMIT: '8' });
    try {
      const statuses: number[] = [];
      let last: request.Response | undefined;
      for (let i = 0; i < 9; i += 1) {
        last = await request(limited.httpUrl).get('/domains');
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
      expect(statuses[8]).toBe(429);
      expect(last!.body).toEqual({
        code: 429,
        message:
          'You exceeded the limit of 8 requests per second! Try delaying the request by one second!',
      });
      expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // A page on another site can read the refusal and when to try again.
      expect(last!.headers['access-control-allow-origin']).toBe('*');
      expect(last!.headers['access-control-expose-headers']).toContain('Retry-After');
    } finally {
      await limited.close();
    }
  });

  it('counts the app’s own reads of a mailbox in the same budget as the mail.tm surface', async () => {
    const limited = await startTestMailServer({ MAILTM_RATE_LIMIT: '8' });
    try {
      const address = 'budget@tempmail.test';
      const password = 'secret123';
      await request(limited.httpUrl).post('/accounts').send({ address, password }).expect(201);
      const { token } = (
        await request(limited.httpUrl).post('/token').send({ address, password }).expect(200)
      ).body as { token: string };
      // A fresh second's budget, then nine reads at once, spread over both surfaces.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const reads = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          request(limited.httpUrl)
            // Routes below the root match in any case: so does the budget.
            .get(['/messages', '/api/mailbox/messages', '/api/MailBox/messages'][i % 3]!)
            .set('Authorization', `Bearer ${token}`),
        ),
      );
      const statuses = reads.map((read) => read.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(8);
      const refused = reads.find((read) => read.status === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });

  it('refuses /token for an address after 20 wrong passwords in an hour, the right one too', async () => {
    const limited = await startTestMailServer({});
    try {
      const address = 'guessed@tempmail.test';
      const token = (password: string) =>
        request(limited.httpUrl).post('/token').send({ address, password });
      await request(limited.httpUrl)
        .post('/accounts')
        .send({ address, password: 'right-password' })
        .expect(201);
      // The right password spends nothing; twenty wrong ones, paced under the per-IP rate.
      await token('right-password').expect(200);
      for (let i = 0; i < 20; i += 1) {
        await token(`wrong-${i}`).expect(401);
        await new Promise((resolve) => setTimeout(resolve, 130));
      }
      const refused = await token('right-password').expect(429);
      expect(refused.body).toEqual({
        code: 429,
        message: expect.stringMatching(
          /^Too many wrong passwords for this address\. Try again in \d+ seconds\.$/,
        ),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      // Another address is not held up.
      await request(limited.httpUrl)
        .post('/token')
        .send({ address: 'other@tempmail.test', password: 'x' })
        .expect(401);
    } finally {
      await limited.close();
    }
  });

  it('does not count a browser’s preflights', async () => {
    const limited = await startTestMailServer({ MAILTM_RATE_LIMIT: '8' });
    try {
      const preflight = () =>
        request(limited.httpUrl)
          .options('/token')
          .set('Origin', 'https://client.example')
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'content-type,authorization,x-trace');
      const answers = await Promise.all(Array.from({ length: 8 }, preflight));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(204));
      expect(answers[0]!.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': expect.stringContaining('PATCH'),
        // The headers it asked for, its own included.
        'access-control-allow-headers': 'content-type,authorization,x-trace',
      });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1)
        statuses.push((await request(limited.httpUrl).get('/domains')).status);
      expect(statuses).toEqual(Array(8).fill(200));
    } finally {
      await limited.close();
    }
  });
});
