// Verified forwarding, end to end: a Pro user's address receives mail over SMTP, and once the
// destination has confirmed, a copy goes out through the relay (a local SMTP sink here).
import type { SendMailOptions } from 'nodemailer';
import request from 'supertest';
import { ORIGIN, buyPro, openBrowser, type TestBrowser } from '../support/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_LIFETIME_MS } from '../../src/features/forwarding/manage-forwarding.js';
import { deliverDueForwarding } from '../../src/jobs/deliver-forwarding.js';
import { escapeHtml } from '../../src/escape-html.js';
import { fillText, textsIn } from '../../src/features/languages/server-texts.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import { startRelaySink, type RelaySink } from '../../../tests/support/relay-sink.js';
import { sendMail } from '../../../tests/support/send-mail.js';

let server: TestMailServer;
let sink: RelaySink;

beforeAll(async () => {
  sink = await startRelaySink();
  server = await startTestMailServer({
    SMTP_RELAY_URL: sink.url,
    MAIL_FROM: 'TempMail <no-reply@tempmail.test>',
  });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const proBrowser = (email: string) => buyPro(server.httpUrl, email);

/** Points forwarding at `destination` and confirms it with the link the sink received. */
async function forwardConfirmed(pro: TestBrowser, destination: string) {
  await pro
    .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
    .expect(200);
  const confirmation = (await sink.received()).find((message) => message.to.includes(destination));
  const token = /token=([A-Za-z0-9_-]{43})/.exec(confirmation!.parsed.text)![1]!;
  await request(server.httpUrl)
    .post('/api/forwarding/confirm')
    .set('Origin', ORIGIN)
    .send({ token })
    .expect(200);
}

async function sendOverSmtp(to: string, subject: string, extra: Partial<SendMailOptions> = {}) {
  await sendMail(server.smtpPort, {
    from: 'Shop <orders@shop.example>',
    to,
    subject,
    text: `About ${subject}.`,
    ...extra,
  });
  await server.ingest.drain();
}

const runJob = () =>
  deliverDueForwarding({
    stores: server.stores,
    mailer: server.services.mailer,
    logger: server.services.logger,
    now: server.services.now,
  });

/** Everything the relay was given for `address`: confirmations and forwarded copies. */
const mailsTo = async (address: string) =>
  (await sink.received()).filter((message) => message.to.includes(address));

const forwardedTo = async (destination: string) =>
  (await sink.received()).filter(
    (message) =>
      message.to.includes(destination) && message.parsed.subject.startsWith('[Forwarded]'),
  );

describe('forwarding', () => {
  it('forwards only after the destination confirms, once per message, with Reply-To the sender', async () => {
    const pro = await proBrowser('owner@example.com');
    const { address } = (
      await pro
        .post('/api/create-custom-email', { alias: 'fwd', domain: 'tempmail.test' })
        .expect(201)
    ).body;
    const destination = 'me@real.example';

    const pending = await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
      .expect(200);
    expect(pending.body).toMatchObject({
      forwardingEmail: destination,
      enabled: true,
      status: 'pending_confirmation',
      confirmedAt: null,
      dailyLimit: 100,
    });
    const confirmation = (await sink.received()).find((message) =>
      message.to.includes(destination),
    );
    const token = /\/forwarding\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(
      confirmation!.parsed.text,
    )![1]!;

    // Before confirmation nothing leaves.
    await sendOverSmtp(address, 'before confirmation');
    await runJob();
    expect(await forwardedTo(destination)).toEqual([]);

    // Opening the link (as a mail scanner would) confirms nothing; the page's POST does.
    const page = await request(server.httpUrl)
      .get(`/forwarding/confirm?token=${token}`)
      .expect(200);
    expect(page.text).toContain('Confirm forwarding');
    expect((await pro.get('/api/forwarding-settings')).body.status).toBe('pending_confirmation');
    const confirmed = await request(server.httpUrl)
      .post('/api/forwarding/confirm')
      .set('Origin', ORIGIN)
      .send({ token })
      .expect(200);
    expect(confirmed.body).toMatchObject({ status: 'active', confirmedAt: expect.any(String) });
    await request(server.httpUrl)
      .post('/api/forwarding/confirm')
      .set('Origin', ORIGIN)
      .send({ token })
      .expect(404);

    await sendOverSmtp(address, 'your order', {
      html: '<p>About <b>your order</b>.</p>',
      attachments: [{ filename: 'invoice.txt', content: 'total 3 EUR', contentType: 'text/plain' }],
    });
    await runJob();
    await runJob();
    const copies = await forwardedTo(destination);
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(copy.parsed.subject).toBe('[Forwarded] your order');
    // Fixed per message and destination, so a copy sent again after a crash is the same mail.
    expect(copy.parsed.messageId).toMatch(/^<forward\.[0-9a-f]{24}\.[0-9a-f]{16}@tempmail\.test>$/);
    expect(copy.parsed.from).toEqual({ name: 'TempMail', address: 'no-reply@tempmail.test' });
    expect(copy.raw).toMatch(/^Reply-To: orders@shop\.example\r?$/m);
    expect(copy.parsed.text).toContain(`Forwarded by TempMail from ${address}`);
    expect(copy.parsed.html).toContain('<b>your order</b>');
    expect(copy.parsed.attachments.map((attachment) => attachment.filename)).toEqual([
      'invoice.txt',
    ]);
    expect((await pro.get('/api/forwarding-settings')).body).toMatchObject({
      status: 'active',
      forwardedToday: 1,
      lastError: null,
    });

    const checked = await pro
      .post('/api/check-forwarding', { emailAddress: address, authToken: 'unused' })
      .expect(200);
    expect(checked.body.status).toBe('active');
    await pro
      .post('/api/check-forwarding', { emailAddress: 'someone@tempmail.test', authToken: 'unused' })
      .expect(404);
  });

  it('writes the copies in the language forwarding was set up in', async () => {
    const pro = await proBrowser('weiterleitung@example.com');
    const { address } = (
      await pro
        .post('/api/create-custom-email', { alias: 'deutsch', domain: 'tempmail.test' })
        .expect(201)
    ).body;
    const destination = 'ich@real.example';
    await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
      .set('Accept-Language', 'de-DE,de;q=0.9')
      .expect(200);
    const confirmation = (await mailsTo(destination))[0]!;
    expect(confirmation.parsed.subject).toBe(textsIn('de').mails.confirmForwarding.subject);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(confirmation.parsed.text)![1]!;
    await request(server.httpUrl)
      .post('/api/forwarding/confirm')
      .set('Origin', ORIGIN)
      .send({ token })
      .expect(200);

    await sendOverSmtp(address, 'Ihre Bestellung', { html: '<p>Danke.</p>' });
    await runJob();
    const [copy] = (await mailsTo(destination)).slice(1);
    const { forwarded } = textsIn('de').mails;
    expect(copy!.parsed.subject).toBe(fillText(forwarded.subject, { subject: 'Ihre Bestellung' }));
    const note = fillText(forwarded.note, {
      address,
      sender: 'Shop <orders@shop.example>',
    });
    expect(copy!.parsed.text).toContain(note);
    expect(copy!.parsed.html).toContain(`<p>${escapeHtml(note)}</p>`);
  });

  it('retries with backoff when the relay fails, and shows the error meanwhile', async () => {
    const pro = await proBrowser('retry@example.com');
    const { address } = (
      await pro
        .post('/api/create-custom-email', { alias: 'retry', domain: 'tempmail.test' })
        .expect(201)
    ).body;
    const destination = 'retry@real.example';
    await forwardConfirmed(pro, destination);

    sink.failNext(1);
    await sendOverSmtp(address, 'flaky relay');
    await runJob();
    expect(await forwardedTo(destination)).toEqual([]);
    expect((await pro.get('/api/forwarding-settings')).body.lastError).toMatch(/451/);

    await runJob(); // not due yet
    expect(await forwardedTo(destination)).toEqual([]);
    server.advance(61_000);
    await runJob();
    expect((await forwardedTo(destination)).map((copy) => copy.parsed.subject)).toEqual([
      '[Forwarded] flaky relay',
    ]);
    expect((await pro.get('/api/forwarding-settings')).body.lastError).toBeNull();
  });

  it('refuses our own domains and a missing address, and stops when turned off', async () => {
    const pro = await proBrowser('off@example.com');
    const loop = await pro
      .post('/api/update-forwarding', { forwardingEmail: 'x@tempmail.test', enabled: true })
      .expect(400);
    expect(loop.body.message).toBe('Invalid email: please enter a valid email address.');
    // Nor an IP address or a bare host name: our relay would carry mail inside the network.
    for (const inside of [
      'x@127.0.0.1',
      'x@[10.0.0.1]',
      'x@vm',
      'x@intranet.5',
      'x@mail.internal',
      'x@printer.local',
      'x@nas.home.arpa',
    ]) {
      const refused = await pro
        .post('/api/update-forwarding', { forwardingEmail: inside, enabled: true })
        .expect(400);
      expect(refused.body.code, inside).toBe('validation_failed');
    }
    const missing = await pro
      .post('/api/update-forwarding', { forwardingEmail: null, enabled: true })
      .expect(400);
    expect(missing.body.message).toBe('Email required: please enter a forwarding email address.');

    const { address } = (
      await pro
        .post('/api/create-custom-email', { alias: 'quiet', domain: 'tempmail.test' })
        .expect(201)
    ).body;
    const destination = 'quiet@real.example';
    await forwardConfirmed(pro, destination);
    // A copy queued while on, not yet sent when forwarding is turned off, stays unsent.
    await sendOverSmtp(address, 'queued before off');
    const off = await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: false })
      .expect(200);
    expect(off.body).toMatchObject({ status: 'off', enabled: false, forwardingEmail: destination });
    await sendOverSmtp(address, 'while off');
    await runJob();
    expect(await forwardedTo(destination)).toEqual([]);
  });

  it('sends a new confirmation when the last one lapsed unanswered', async () => {
    const pro = await proBrowser('lapsed@example.com');
    const destination = 'late@real.example';
    const count = async () =>
      (await sink.received()).filter((mail) => mail.to.includes(destination)).length;
    await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
      .expect(200);
    await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
      .expect(200);
    expect(await count()).toBe(1);
    server.advance(CONFIRMATION_LIFETIME_MS);
    await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
      .expect(200);
    expect(await count()).toBe(2);
  });

  it('is turned on by Pro users only', async () => {
    const visitor = await openBrowser(server.httpUrl);
    expect((await visitor.get('/api/forwarding-settings').expect(200)).body).toMatchObject({
      status: 'off',
      forwardingEmail: null,
    });
    const refused = await visitor
      .post('/api/update-forwarding', { forwardingEmail: 'never@real.example', enabled: true })
      .expect(403);
    expect(refused.body.code).toBe('pro_required');
    // Turning off what is not on changes nothing, for a visitor not even saved yet.
    await visitor
      .post('/api/update-forwarding', { forwardingEmail: 'never@real.example', enabled: false })
      .expect(200, {
        forwardingEmail: null,
        enabled: false,
        status: 'off',
        confirmedAt: null,
        lastError: null,
        forwardedToday: 0,
        dailyLimit: 100,
      });
    expect(await mailsTo('never@real.example')).toEqual([]);
  });

  it('forwards nothing once Pro has ended, and lets the owner see it and turn it off', async () => {
    const pro = await proBrowser('ended@example.com');
    const destination = 'after@real.example';
    await forwardConfirmed(pro, destination);
    await server.stores.users.update(
      pro.id,
      { proExpiresAt: server.services.now() - 1 },
      server.services.now(),
    );
    // A free address of theirs now: its mail stays in the inbox, as any free address's does.
    const { address } = (await pro.post('/api/addresses').expect(201)).body as {
      address: string;
    };
    await sendOverSmtp(address, 'after pro');
    await runJob();
    expect(await forwardedTo(destination)).toEqual([]);

    expect((await pro.get('/api/forwarding-settings').expect(200)).body).toMatchObject({
      forwardingEmail: destination,
      enabled: true,
      status: 'active',
    });
    await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
      .expect(403);
    // Off, and a destination named with it is not taken (nor mailed a link).
    const off = await pro
      .post('/api/update-forwarding', { forwardingEmail: 'other@real.example', enabled: false })
      .expect(200);
    expect(off.body).toMatchObject({ status: 'off', enabled: false, forwardingEmail: destination });
    expect(await mailsTo('other@real.example')).toEqual([]);
    expect(await mailsTo(destination)).toHaveLength(1);
  });
});
