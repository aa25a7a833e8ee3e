// waitForMessage against the real server process, with mail sent over SMTP by an ordinary client.
import {
  createTempMailClient,
  generateEmail,
  getMessage,
  TempMailTimeoutError,
  unwrap,
  waitForCode,
  waitForMessage,
  type WatchMode,
} from '@tempmail/sdk';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { startServer, type RunningServer } from '../../tests/support/start-server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function newMailbox() {
  const anonymous = createTempMailClient({ baseUrl: server.url });
  const mailbox = await unwrap(generateEmail({ client: anonymous }));
  return {
    ...mailbox,
    client: createTempMailClient({ baseUrl: server.url, token: mailbox.token }),
  };
}

const send = (mail: SendMailOptions) => sendMail(server.smtpPort, mail);

describe('waitForMessage against a running server', () => {
  it('receives a message sent over SMTP through the live stream', async () => {
    const { address, client } = await newMailbox();
    const modes: WatchMode[] = [];
    const waiting = waitForMessage(client, {
      match: { from: 'shop.example', subject: 'verification' },
      timeout: 15_000,
      onModeChange: (mode) => modes.push(mode),
    });
    await send({
      from: 'News <news@other.example>',
      to: address,
      subject: 'Weekly news',
      text: 'Hi',
    });
    await send({
      from: 'Example Shop <no-reply@shop.example>',
      to: address,
      subject: 'Your verification code',
      text: 'Your code is 481516. It expires in 10 minutes. Call 555 0199 with questions.',
      html: '<p>Your code is <b>481516</b>.</p><p><a href="https://shop.example/verify?c=481516&amp;u=7">Verify</a></p>',
    });

    const summary = await waiting;
    expect(summary).toMatchObject({ mailbox: address, subject: 'Your verification code' });
    expect(modes).toEqual(['stream']);
    // The server found the code and the link at arrival; the live event already carries them.
    const verify = {
      url: 'https://shop.example/verify?c=481516&u=7',
      text: 'Verify',
      kind: 'verify',
      primary: true,
    };
    expect(summary.codes).toEqual([{ value: '481516', context: 'Your code is 481516.' }]);
    expect(summary.link).toEqual(verify);
    const message = await unwrap(getMessage({ client, path: { id: summary.id } }));
    expect(message).toMatchObject({ codes: summary.codes, link: verify, links: [verify] });
  });

  it('waits for a code past a welcome mail without one', async () => {
    const { address, client } = await newMailbox();
    const waiting = waitForCode(client, { match: { from: 'shop.example' }, timeout: 15_000 });
    await send({ from: 'a@shop.example', to: address, subject: 'Welcome', text: 'Glad you came.' });
    await send({
      from: 'a@shop.example',
      to: address,
      subject: 'Sign-in',
      text: 'Your sign-in code: 739 201. Your order 55512 ships tomorrow.',
    });
    const { code, message } = await waiting;
    expect(code).toBe('739201');
    expect(message.subject).toBe('Sign-in');
  });

  it('finds a message that arrived just before the call', async () => {
    const { address, client } = await newMailbox();
    await send({ from: 'a@shop.example', to: address, subject: 'Already here', text: 'Code 7731' });
    // Parsing is asynchronous: the message may still list unparsed; waitForMessage holds it back.
    const summary = await waitForMessage(client, {
      match: { subject: 'already' },
      timeout: 15_000,
    });
    expect(summary.subject).toBe('Already here');
  });

  it('polls the real inbox when the stream cannot be opened', async () => {
    const { address, token } = await newMailbox();
    const noStream: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/v1/events') {
        return Response.json(
          { code: 'service_unavailable', message: 'No streams.' },
          { status: 503 },
        );
      }
      return fetch(request);
    };
    const client = createTempMailClient({ baseUrl: server.url, token, fetch: noStream });
    const modes: WatchMode[] = [];
    const waiting = waitForMessage(client, {
      timeout: 15_000,
      pollInterval: 300,
      onModeChange: (mode) => modes.push(mode),
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    await send({ from: 'a@shop.example', to: address, subject: 'Polled', text: 'Hello' });

    expect((await waiting).subject).toBe('Polled');
    expect(modes).toEqual(['polling']);
  });

  // One mailbox for both ways of waiting: the server allows 5 new addresses a minute per IP.
  it('waits on one address with the long poll, and times out with a typed error either way', async () => {
    const { address, token } = await newMailbox();
    await send({ from: 'a@shop.example', to: address, subject: 'Already there', text: 'Hi' });
    const paths: string[] = [];
    const recording = createTempMailClient({
      baseUrl: server.url,
      token,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        paths.push(new URL(request.url).pathname);
        return fetch(request);
      },
    });
    // A message already there counts, unless skipExisting.
    const existing = await waitForMessage(recording, { mailbox: address, timeout: 15_000 });
    expect(existing.subject).toBe('Already there');

    const waiting = waitForMessage(recording, {
      mailbox: address,
      skipExisting: true,
      match: { from: 'shop.example', where: (message) => message.subject.includes('second') },
      timeout: 15_000,
    });
    await send({ from: 'news@other.example', to: address, subject: 'Not this', text: 'Hi' });
    await send({ from: 'a@shop.example', to: address, subject: 'The first', text: 'Hi' });
    await send({ from: 'a@shop.example', to: address, subject: 'The second', text: 'Hi' });
    expect((await waiting).subject).toBe('The second');
    expect(new Set(paths)).toEqual(
      new Set([`/v1/addresses/${encodeURIComponent(address)}/messages/next`, '/v1/messages']),
    );

    await expect(
      waitForMessage(recording, { mailbox: address, skipExisting: true, timeout: 1_000 }),
    ).rejects.toBeInstanceOf(TempMailTimeoutError);
    await expect(
      waitForMessage(recording, { skipExisting: true, timeout: 500 }),
    ).rejects.toBeInstanceOf(TempMailTimeoutError);
  });

  it('keeps waiting on one address while the server restarts, as in a deploy', async () => {
    // A server of its own, restarted on the same ports and data, so its tokens stay good.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-restart-'));
    let own = await startServer({ dataDir });
    try {
      const anonymous = createTempMailClient({ baseUrl: own.url });
      const { address, token } = await unwrap(generateEmail({ client: anonymous }));
      const client = createTempMailClient({ baseUrl: own.url, token });
      const waiting = waitForMessage(client, {
        mailbox: address,
        match: { subject: 'after the restart' },
        timeout: 60_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await own.stop();
      own = await startServer({
        dataDir,
        httpPort: Number(new URL(own.url).port),
        smtpPort: own.smtpPort,
      });
      await sendMail(own.smtpPort, {
        from: 'a@shop.example',
        to: address,
        subject: 'Sent after the restart',
        text: 'Hi',
      });
      expect((await waiting).subject).toBe('Sent after the restart');
    } finally {
      await own.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
