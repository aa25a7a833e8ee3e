// createTestInbox against the real server process, with mail sent over SMTP by an ordinary client.
import { createTempMailClient, getIdentity, TempMailError, unwrap } from '@tempmail/sdk';
import { createTestInbox } from '@tempmail/sdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyProApiToken } from '../../tests/support/buy-pro-api-token.js';
import { sendMail } from '../../tests/support/send-mail.js';
import { startServer, type RunningServer } from '../../tests/support/start-server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const minutesLeft = (expiresAt: string) => (Date.parse(expiresAt) - Date.now()) / 60_000;

// Every test here makes addresses from 127.0.0.1, in one budget of 5 a minute: the last test
// spends what is left of it.
describe('createTestInbox against a running server', () => {
  it('makes a free address on TEMPMAIL_URL and waits on that address alone', async () => {
    vi.stubEnv('TEMPMAIL_URL', server.url);
    vi.stubEnv('TEMPMAIL_API_TOKEN', '');
    const inbox = await createTestInbox();
    const other = await createTestInbox();
    expect(minutesLeft(inbox.expiresAt)).toBeGreaterThan(55);
    expect(minutesLeft(inbox.expiresAt)).toBeLessThanOrEqual(60);

    const waiting = inbox.waitForCode({ match: { subject: 'code' }, timeout: 10_000 });
    await sendMail(server.smtpPort, {
      from: 'Shop <no-reply@shop.example>',
      to: other.address,
      subject: 'Your code',
      text: 'Your verification code is 111111.',
    });
    await sendMail(server.smtpPort, {
      from: 'Shop <no-reply@shop.example>',
      to: inbox.address,
      subject: 'Your code',
      text: 'Your verification code is 482913.',
    });

    const { code, message } = await waiting;
    expect(code).toBe('482913');
    expect(message.to.map((to) => to.address)).toEqual([inbox.address]);
    // The inbox's client reads this mailbox with its own token.
    const identity = await unwrap(getIdentity({ client: inbox.client }));
    expect(identity).toMatchObject({ kind: 'mailbox', mailboxes: [{ address: inbox.address }] });
  });

  it('makes the address with TEMPMAIL_API_TOKEN when it is set: a Pro mailbox', async () => {
    const proToken = await buyProApiToken(server.url, 'kit@example.com');
    vi.stubEnv('TEMPMAIL_URL', server.url);
    vi.stubEnv('TEMPMAIL_API_TOKEN', proToken);
    const inbox = await createTestInbox();

    expect(minutesLeft(inbox.expiresAt)).toBeGreaterThan(23 * 60);
    const pro = createTempMailClient({ baseUrl: server.url, token: proToken });
    const identity = await unwrap(getIdentity({ client: pro }));
    expect(identity.mailboxes.map((mailbox) => mailbox.address)).toContain(inbox.address);
  });

  it('ends a pending wait when the signal given at creation aborts', async () => {
    const teardown = new AbortController();
    const inbox = await createTestInbox({ baseUrl: server.url, signal: teardown.signal });
    const waiting = inbox.waitForLink({ timeout: 30_000 });
    teardown.abort(new Error('test over'));
    await expect(waiting).rejects.toThrow('test over');
  });

  it('rejects with the server’s 429 once the IP has made its 5 addresses of the minute', async () => {
    const refused = await (async () => {
      for (let made = 0; made < 6; made++) {
        try {
          await createTestInbox({ baseUrl: server.url });
        } catch (error) {
          return error;
        }
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(TempMailError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as TempMailError).retryAfter).toBeGreaterThan(0);
  });
});
