// The Pro inbox's source download (GET /api/message/{id}/raw): the bytes that came over SMTP,
// as an .eml file, to the owner's Pro session only, without marking the message seen. On
// each database, since the source is stored as bytes in both.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPro, openBrowser, type TestBrowser } from '../support/browser.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import { testBackends } from '../support/test-databases.js';
import { sendMail } from '../../../tests/support/send-mail.js';

/**
 * Exactly these bytes go over DATA: a folded header, 8-bit UTF-8 and a line that starts with
 * a dot, which the client escapes and the server must unescape.
 */
const SOURCE = Buffer.from(
  [
    'From: Shop <no-reply@shop.example>',
    'To: {to}',
    'Subject: Your receipt',
    'X-Order: 4815',
    '\tcontinued',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Total: 3 € (café)',
    '.hidden behind a dot',
    '',
  ].join('\r\n'),
);

/** Reads the whole body as bytes, whatever its type. */
const asBytes = (call: request.Test) =>
  call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each(testBackends)('on $name', (backend) => {
  let server: TestMailServer;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestMailServer({}, backend);
  });
  afterAll(() => server?.close());

  const proBrowser = () => buyPro(server.httpUrl, `raw${++counter}@example.com`, 'pro_24hr');

  /** A Pro browser, a message sent to its custom address over SMTP, and what was sent. */
  async function proWithMessage() {
    const pro = await proBrowser();
    const address = (
      await pro
        .post('/api/create-custom-email', { alias: `raw${counter}`, domain: 'tempmail.test' })
        .expect(201)
    ).body.address as string;
    const sent = Buffer.from(SOURCE.toString('utf8').replace('{to}', address));
    await sendMail(server.smtpPort, {
      envelope: { from: 'no-reply@shop.example', to: [address] },
      raw: sent,
    });
    await server.ingest.drain();
    const [listed] = (await pro.get('/api/messages-all').expect(200)).body.messages;
    return { pro, sent, id: listed.id as string };
  }

  const seenOf = async (pro: TestBrowser) =>
    (await pro.get('/api/messages-all').expect(200)).body.messages[0].seen as boolean;

  it('sends the message as received over SMTP, as an .eml download, and leaves it unseen', async () => {
    const { pro, sent, id } = await proWithMessage();
    const raw = await asBytes(pro.get(`/api/message/${id}/raw`)).expect(200);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.headers['content-disposition']).toBe(
      `attachment; filename="${id}.eml"; filename*=UTF-8''${id}.eml`,
    );
    expect(raw.headers['x-content-type-options']).toBe('nosniff');

    // Our Received trace header first, then every byte the sender sent, unchanged.
    const body = raw.body as Buffer;
    const trace = body.subarray(0, body.byteLength - sent.byteLength).toString('latin1');
    expect(trace).toMatch(/^Received: from [^\r\n]*(\r\n\t[^\r\n]*)*\r\n$/);
    expect(body.subarray(trace.length).equals(sent)).toBe(true);

    expect(await seenOf(pro)).toBe(false);
  });

  it('is the owner’s only: 404 to another Pro user and for a message that does not exist', async () => {
    const { id } = await proWithMessage();
    const stranger = await proBrowser();
    expect((await stranger.get(`/api/message/${id}/raw`).expect(404)).body.code).toBe('not_found');
    await stranger.get('/api/message/0123456789abcdef01234567/raw').expect(404);
  });

  it('refuses a free session with 403 pro_required and no session with 403 forbidden', async () => {
    const { pro, id } = await proWithMessage();
    const free = await openBrowser(server.httpUrl);
    expect((await free.get(`/api/message/${id}/raw`).expect(403)).body.code).toBe('pro_required');
    const anonymous = await request(server.httpUrl).get(`/api/message/${id}/raw`).expect(403);
    expect(anonymous.body.code).toBe('forbidden');

    // Logging out leaves the browser a visitor: the message's owner, no longer signed in.
    await pro.post('/api/logout').expect(200);
    expect((await pro.get(`/api/message/${id}/raw`).expect(403)).body.code).toBe('pro_required');
  });
});
