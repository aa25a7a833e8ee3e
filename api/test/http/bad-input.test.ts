// Input a sender or a caller controls never makes a 5xx: an attachment whose Content-Type
// Node would refuse in a header, and page numbers past anything a mailbox holds.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPro, type TestBrowser } from '../support/browser.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import { sendMail } from '../../../tests/support/send-mail.js';
import {
  HOSTILE_MEDIA_TYPES,
  messageWithHostileAttachments,
} from '../../../tests/support/hostile-attachments.js';

let server: TestMailServer;
const api = () => request(server.httpUrl);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = await startTestMailServer({ MAIL_DOMAINS: 'tempmail.test' });
});
afterAll(() => server?.close());

const hostileTypes = HOSTILE_MEDIA_TYPES;

/** One message over SMTP with one attachment per hostile type, parsed on return. */
async function deliverHostileAttachments(to: string): Promise<void> {
  await sendMail(server.smtpPort, {
    envelope: { from: 'no-reply@shop.example', to: [to] },
    raw: messageWithHostileAttachments(to),
  });
  await server.ingest.drain();
}

/** What every download of those attachments must be: 200, a safe type, the bytes as sent. */
function expectSafeDownload(response: request.Response, index: number) {
  expect(response.status, response.text).toBe(200);
  expect(response.headers['content-type']).toBe('application/octet-stream');
  expect(response.headers['content-disposition']).toMatch(`filename="a${index}.txt"`);
  expect(Buffer.from(response.body as Buffer).toString()).toBe(`file ${index}`);
}

const binary = (call: request.Test) =>
  call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('an attachment whose Content-Type is not a clean type/subtype', () => {
  /** A free mailbox, read on mail.tm and /v1 with one token, and a Pro user's inbox on /api. */
  let free: { address: string; token: string };
  let pro: TestBrowser;
  let proAddress: string;

  beforeAll(async () => {
    free = (await api().post('/v1/generate-email').expect(201)).body;
    pro = await buyPro(server.httpUrl, 'bad-input@example.com');
    proAddress = (
      await pro
        .post('/api/create-custom-email', { alias: 'hostiletypes', domain: 'tempmail.test' })
        .expect(201)
    ).body.address;
  });

  /** The newest message of a mailbox, read from storage: its JSON is not what is tested. */
  async function newestMessage(address: string) {
    const { stores } = server;
    const mailbox = (await stores.mailboxes.findByAddress(address))!;
    const [summary] = await stores.messages.list([mailbox.id], { limit: 1, offset: 0 });
    return (await stores.messages.find(summary!.id, [mailbox.id]))!;
  }

  /** Every surface's download of every attachment of the newest message of each inbox. */
  async function downloadEverywhere() {
    const forFree = await newestMessage(free.address);
    const forPro = await newestMessage(proAddress);
    for (const [index, { id }] of forFree.attachments.entries()) {
      const paths = [
        `/messages/${forFree.id}/attachment/${id}`,
        `/v1/messages/${forFree.id}/attachments/${id}`,
      ];
      for (const path of paths)
        expectSafeDownload(await binary(api().get(path).set(bearer(free.token))), index);
    }
    for (const [index, { id }] of forPro.attachments.entries())
      expectSafeDownload(
        await binary(pro.get(`/api/message/${forPro.id}/attachments/${id}`)),
        index,
      );
    return { forFree, forPro };
  }

  it('is stored, listed and downloaded as application/octet-stream on every surface', async () => {
    await deliverHostileAttachments(free.address);
    await deliverHostileAttachments(proAddress);
    const { forFree, forPro } = await downloadEverywhere();
    const safe = hostileTypes.map(() => 'application/octet-stream');

    const typesIn = (response: request.Response) =>
      response.body.attachments.map(
        (attachment: { contentType: string }) => attachment.contentType,
      );
    const mailTm = await api()
      .get(`/messages/${forFree.id}`)
      .set(bearer(free.token))
      .set('Accept', 'application/json')
      .expect(200);
    expect(typesIn(mailTm)).toEqual(safe);
    const v1 = await api().get(`/v1/messages/${forFree.id}`).set(bearer(free.token)).expect(200);
    expect(typesIn(v1)).toEqual(safe);
    expect(typesIn(await pro.get(`/api/message/${forPro.id}`).expect(200))).toEqual(safe);
  });

  it('stored as the sender wrote it (parsed by an older version) still downloads safely', async () => {
    for (const address of [free.address, proAddress]) {
      const mailbox = (await server.stores.mailboxes.findByAddress(address))!;
      server.advance(1_000);
      const now = server.services.now();
      const { ids } = await server.commits.commitBatch({
        received: [
          { mailboxId: mailbox.id, raw: Buffer.from('Subject: old\r\n\r\n.'), receivedAt: now },
        ],
        parsed: [],
        now,
      });
      const parsed = {
        state: 'parsed' as const,
        msgid: null,
        from: { name: '', address: 'no-reply@shop.example' },
        to: [],
        cc: [],
        bcc: [],
        subject: 'old',
        intro: '',
        text: '',
        html: '',
        parseError: null,
        codes: [],
        links: [],
        attachments: hostileTypes.map((contentType, index) => ({
          filename: `a${index}.txt`,
          contentType,
          disposition: 'attachment' as const,
          contentId: null,
          content: new Uint8Array(Buffer.from(`file ${index}`)),
        })),
      };
      await server.commits.commitBatch({ received: [], parsed: [{ id: ids[0]!, parsed }], now });
    }
    const { forFree } = await downloadEverywhere();
    expect(forFree.attachments.map((attachment) => attachment.contentType)).toEqual(hostileTypes);
  });
});

/** Numbers no page or limit can be: past any bound, past 2^64, past a double (Infinity). */
const outOfRange = ['10001', '99999999999999999999', '1e400', 'Infinity', '1e21', '-1', '0'];

describe('a page or limit past any bound', () => {
  it('is a 400 in mail.tm’s format on /messages and /domains, with a clear message', async () => {
    const { body: mailbox } = await api().post('/v1/generate-email').expect(201);
    for (const path of ['/messages', '/domains']) {
      for (const page of outOfRange) {
        const plain = await api()
          .get(`${path}?page=${page}`)
          .set(bearer(mailbox.token))
          .set('Accept', 'application/json');
        expect(plain.status, `${path}?page=${page}: ${plain.text}`).toBe(400);
        expect(plain.body).toEqual({ detail: expect.stringMatching(/page/) });
        const ld = await api()
          .get(`${path}?page=${page}`)
          .set(bearer(mailbox.token))
          .set('Accept', 'application/ld+json')
          .expect(400);
        expect(ld.body).toMatchObject({
          '@type': 'hydra:Error',
          'hydra:description': expect.stringMatching(/page/),
        });
      }
      // The last page the bound allows is an ordinary, empty, page.
      await api()
        .get(`${path}?page=10000`)
        .set(bearer(mailbox.token))
        .set('Accept', 'application/json')
        .expect(200, []);
    }
  });

  it('is a 400 validation_failed on /v1/messages', async () => {
    const { body: mailbox } = await api().post('/v1/generate-email').expect(201);
    for (const limit of [...outOfRange, '201']) {
      const response = await api().get(`/v1/messages?limit=${limit}`).set(bearer(mailbox.token));
      expect(response.status, `limit=${limit}: ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({
        code: 'validation_failed',
        message: expect.stringMatching(/limit/),
      });
    }
  });
});
