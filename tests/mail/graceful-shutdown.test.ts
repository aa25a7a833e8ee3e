// SIGTERM on a busy server (a real child process): what is under way finishes or is told to
// come back, nothing is cut mid-answer, and the process exits 0. A deploy or a scale-down
// sends exactly this signal.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailTmAccount, listSubjects } from '../support/mail-tm-account.js';
import {
  SmtpClient,
  ehlo,
  greeting,
  mailFrom,
  playDialogue,
  type DialogueStep,
} from '../support/smtp-client.js';
import { startServer, type RunningServer } from '../support/start-server.js';

// Long enough that a session idle at shutdown could only have its 421 from the shutdown
// itself, never from the grace period running out, while the test still ends.
const ENV = { SHUTDOWN_GRACE_MS: '15000', MAILTM_RATE_LIMIT: '100000' };

const rcptAlice: DialogueStep = { send: 'RCPT TO:<alice@tempmail.test>', expect: 250 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Reads an event stream to its end: `ended` when the server closed it, `reset` when cut. */
async function watchEventStream(url: string, token: string) {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  const outcome = (async (): Promise<'ended' | 'reset'> => {
    try {
      for (;;) if ((await reader.read()).done) return 'ended';
    } catch {
      return 'reset';
    }
  })();
  return { outcome };
}

/**
 * A POST in flight: `Expect: 100-continue` has the server confirm it has read the request
 * before any of the body is sent, so the signal can come while the request is surely open.
 */
async function startSlowPost(url: string, body: string) {
  const request = http.request(`${url}/accounts`, {
    method: 'POST',
    agent: false,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
      incoming.on('error', reject);
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  await new Promise<void>((resolve, reject) => {
    request.once('continue', resolve);
    response.catch(reject);
  });
  return { response, finish: () => request.end(body) };
}

describe('graceful shutdown on SIGTERM', () => {
  it('finishes open work, turns idle sessions away with 421 and exits 0', async () => {
    let server: RunningServer = await startServer({ env: ENV, dataDir });
    const alice = await createMailTmAccount(server.url, 'alice@tempmail.test');
    const generated = await fetch(`${server.url}/v1/generate-email`, { method: 'POST' });
    const { address, token } = (await generated.json()) as { address: string; token: string };
    const stream = await watchEventStream(`${server.url}/v1/events`, token);
    // A long poll that would wait 30 s, twice the grace period the shutdown gives.
    const longPoll = fetch(
      `${server.url}/v1/addresses/${encodeURIComponent(address)}/messages/next?timeout=30`,
      { headers: { Authorization: `Bearer ${token}` } },
    );

    // A session idle between two messages: it has delivered one and may send another.
    const idle = await SmtpClient.connect(server.smtpPort);
    await playDialogue(idle, [
      greeting,
      ehlo,
      mailFrom,
      rcptAlice,
      { send: 'DATA', expect: 354 },
      { send: 'Subject: before the signal\r\n\r\nHello.\r\n.', expect: 250 },
    ]);

    // A session in the middle of a message.
    const busy = await SmtpClient.connect(server.smtpPort);
    await playDialogue(busy, [greeting, ehlo, mailFrom, rcptAlice, { send: 'DATA', expect: 354 }]);
    await busy.write('From: Shop <sender@shop.example>\r\nSubject: across the signal\r\n\r\n');

    const post = await startSlowPost(
      server.url,
      JSON.stringify({ address: 'late@tempmail.test', password: 'secret123' }),
    );

    server.process.kill('SIGTERM');

    // The idle session hears of the shutdown while the busy one is still mid-message.
    expect((await idle.reply(10_000)).text).toMatch(/^421 4\.3\.2 /);
    await idle.waitClosed();
    expect(busy.closed).toBe(false);
    expect(busy.hasReply).toBe(false);

    // An event stream is ended by the server, cleanly, so its client reconnects elsewhere;
    // a long poll is answered as if its time had come, so its client polls again.
    expect(await stream.outcome).toBe('ended');
    const polled = await longPoll;
    expect(polled.status).toBe(204);
    // Its socket goes with the answer: polled again on it, this node would answer at once,
    // and again, until the grace period ended.
    expect(polled.headers.get('connection')).toBe('close');

    // The in-flight request completes.
    post.finish();
    const answered = await post.response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body)).toMatchObject({ address: 'late@tempmail.test' });

    // The message under way is committed and acknowledged; the session then has to go.
    await busy.write('Hello.\r\n.\r\n');
    const finished = await busy.reply(10_000);
    expect(finished.text).toMatch(/^250 2\.0\.0 /);
    const next = await busy.write('MAIL FROM:<sender@shop.example>\r\n').then(() => busy.reply());
    expect(next.code).toBe(421);
    await busy.waitClosed();

    expect(await server.waitForExit()).toBe(0);

    // Everything answered 250 is there after a restart on the same data.
    server = await startServer({ env: ENV, dataDir });
    try {
      await expect
        .poll(async () => (await listSubjects(server.url, alice.token)).sort(), { timeout: 10_000 })
        .toEqual(['across the signal', 'before the signal']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);
});
