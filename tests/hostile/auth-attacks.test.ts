// Issue 8, hostile input: credentials that are forged, stale or someone else's, on all three
// surfaces of a real server. api/test/http/mailtm-api.test.ts already refuses forged,
// unsigned and wrong-key JWTs on mail.tm's GET /me and hides another mailbox's messages from
// mail.tm reads; public-api.test.ts retires a rotated API token on GET /v1/me. This file takes
// each attack to every surface and operation kind, and checks that nothing leaks existence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '../support/send-mail.js';
import type { RunningServer } from '../support/start-server.js';
import {
  buyPro,
  expectMailTmError,
  expectStandardError,
  mailTmAccount,
  readContract,
  send,
  signJwt,
  startHostileServer,
  type Browser,
  type RawResponse,
  waitFor,
} from './hostile-client.js';

const errorCodes = readContract().components.schemas.ErrorCode!.enum as string[];
const NEVER_ISSUED_ID = '0123456789abcdef01234567';

let server: RunningServer;
let victim: { id: string; address: string; token: string };
let intruder: { id: string; address: string; token: string };
let victimMessage: { id: string; attachmentId: string };
let proOwner: Browser;
let proMessage: { id: string; attachmentId: string };
let proIntruder: Browser;

const get = (path: string, headers: Record<string, string> = {}) =>
  send(server.url, { method: 'GET', path, headers: { accept: 'application/json', ...headers } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Sends a message with an attachment over SMTP and waits until `list` shows it. */
async function deliver(
  to: string,
  list: () => Promise<{ id: string }[]>,
): Promise<{ id: string; attachmentId: string }> {
  await sendMail(server.smtpPort, {
    from: 'Bank <alerts@bank.example>',
    to,
    subject: 'Your one-time code',
    text: 'Code 314159.',
    attachments: [{ filename: 'statement.txt', content: 'balance: 1 EUR' }],
  });
  const id = await waitFor(async () => (await list())[0]?.id);
  const detail = await get(`/messages/${id}`, bearer(victim.token));
  const attachments = (detail.body as { attachments?: { id: string }[] }).attachments;
  return { id, attachmentId: attachments?.[0]?.id ?? NEVER_ISSUED_ID };
}

beforeAll(async () => {
  server = await startHostileServer();
  victim = await mailTmAccount(server.url);
  intruder = await mailTmAccount(server.url);
  victimMessage = await deliver(
    victim.address,
    async () => (await get('/messages', bearer(victim.token))).body as { id: string }[],
  );

  proOwner = await buyPro(server.url, 'owner@example.com');
  proIntruder = await buyPro(server.url, 'intruder@example.com');
  // Settings of the owner's that a cookie reaching them would show.
  const forwarding = await proOwner.post('/api/update-forwarding', {
    forwardingEmail: 'owner.real@example.org',
    enabled: true,
  });
  expect(forwarding.status).toBe(200);
  const created = await proOwner.post('/api/create-custom-email', {
    alias: 'vault',
    domain: 'tempmail.test',
  });
  expect(created.status).toBe(201);
  await sendMail(server.smtpPort, {
    from: 'Bank <alerts@bank.example>',
    to: 'vault@tempmail.test',
    subject: 'Pro secret',
    text: 'For the owner only.',
    attachments: [{ filename: 'key.txt', content: 'secret' }],
  });
  const summary = await waitFor(
    async () =>
      ((await proOwner.get('/api/messages-all')).body as { messages: { id: string }[] })
        .messages[0],
  );
  // Reading marks it seen (as the dashboard does): the owner's own read, before any attack.
  const detail = await proOwner.get(`/api/message/${summary.id}`);
  proMessage = {
    id: summary.id,
    attachmentId: (detail.body as { attachments: { id: string }[] }).attachments[0]!.id,
  };
}, 120_000);
afterAll(() => server?.stop());

/** The reads and writes a mailbox token opens, on mail.tm and on /v1. */
function mailboxTokenCalls(token: string) {
  const auth = bearer(token);
  return {
    mailTm: [
      () => get('/me', auth),
      () => get('/messages', auth),
      () => get(`/messages/${victimMessage.id}`, auth),
      () => get(`/sources/${victimMessage.id}`, auth),
      () => send(server.url, { method: 'DELETE', path: `/accounts/${victim.id}`, headers: auth }),
      // EventSource cannot set headers: the query token is checked the same way.
      () => get(`/.well-known/mercure?topic=/accounts/${victim.id}&authorization=${token}`),
    ],
    v1: [
      () => get('/v1/me', auth),
      () => get('/v1/messages', auth),
      () => get(`/v1/messages/${victimMessage.id}`, auth),
      () => get(`/v1/messages/${victimMessage.id}/raw`, auth),
      () => send(server.url, { method: 'POST', path: '/v1/generate-email', headers: auth }),
      () => get('/v1/events', auth),
    ],
  };
}

async function expectTokenRefused(token: string): Promise<void> {
  const calls = mailboxTokenCalls(token);
  for (const call of calls.mailTm) {
    const response = await call();
    expectMailTmError(response, 401);
    expect(response.body).toEqual({ code: 401, message: 'Invalid JWT Token' });
  }
  for (const call of calls.v1) {
    const response = await call();
    expectStandardError(response, 401, errorCodes);
    expect((response.body as { code: string }).code).toBe('unauthorized');
  }
}

describe('mailbox JWTs', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({ sub: victim.id, address: victim.address, iat: now() });

  it('are refused once expired, even though the mailbox still lives', async () => {
    const expired = signJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims(), exp: now() - 60 });
    await expectTokenRefused(expired);
  });

  it('are refused when the payload was changed after signing', async () => {
    const [header, , signature] = victim.token.split('.');
    // The intruder's real token, re-pointed at the victim's mailbox with its old signature.
    const [, intruderPayload] = intruder.token.split('.');
    const payload = JSON.parse(Buffer.from(intruderPayload!, 'base64url').toString('utf8'));
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...payload, sub: victim.id })).toString('base64url')}.${signature}`;
    await expectTokenRefused(tampered);
    const [intruderHeader, , intruderSignature] = intruder.token.split('.');
    await expectTokenRefused(
      `${intruderHeader}.${Buffer.from(JSON.stringify({ ...payload, sub: victim.id })).toString('base64url')}.${intruderSignature}`,
    );
  });

  it('are refused unsigned (alg none), or signed with another key or algorithm', async () => {
    const exp = now() + 3600;
    await expectTokenRefused(signJwt({ alg: 'none', typ: 'JWT' }, { ...claims(), exp }));
    await expectTokenRefused(signJwt({ alg: 'None' }, { ...claims(), exp }));
    await expectTokenRefused(
      signJwt({ alg: 'HS256' }, { ...claims(), exp }, 'an-attacker-key-an-attacker-key-0001'),
    );
    // Our key, but an algorithm the server never issues: only HS256 is accepted.
    const hs512 = signJwt({ alg: 'HS512' }, { ...claims(), exp });
    await expectTokenRefused(hs512);
  });

  it('are refused when they name no mailbox, or a mailbox that was deleted', async () => {
    await expectTokenRefused(
      signJwt({ alg: 'HS256' }, { address: victim.address, exp: now() + 60 }),
    );
    const doomed = await mailTmAccount(server.url);
    const deleted = await send(server.url, {
      method: 'DELETE',
      path: `/accounts/${doomed.id}`,
      headers: bearer(doomed.token),
    });
    expect(deleted.status).toBe(204);
    await expectTokenRefused(doomed.token);
  });

  it('still work for their own mailbox, so the refusals above are the attack’s doing', async () => {
    expect((await get('/me', bearer(victim.token))).status).toBe(200);
    expect((await get('/v1/me', bearer(victim.token))).status).toBe(200);
  });
});

describe('another mailbox’s or user’s message ids', () => {
  /** 404 with the same body as an id that never existed, so existence does not leak. */
  async function expectHidden(
    call: (id: string) => Promise<RawResponse>,
    mailTm: boolean,
    id: string,
  ): Promise<void> {
    const theirs = await call(id);
    const never = await call(NEVER_ISSUED_ID);
    if (mailTm) {
      expectMailTmError(theirs, 404);
      expect(theirs.body).toEqual(never.body);
    } else {
      expectStandardError(theirs, 404, errorCodes);
      expect(theirs.body).toEqual({
        ...(never.body as Record<string, unknown>),
        requestId: expect.any(String),
      });
    }
  }

  it('are not found on mail.tm: reads, the seen patch, deletion, the account itself', async () => {
    const auth = bearer(intruder.token);
    const attachment = (id: string) =>
      get(`/messages/${id}/attachment/${victimMessage.attachmentId}`, auth);
    await expectHidden(attachment, true, victimMessage.id);
    await expectHidden(
      (id) =>
        send(server.url, {
          method: 'PATCH',
          path: `/messages/${id}`,
          headers: { ...auth, 'content-type': 'application/merge-patch+json' },
          body: '{"seen":true}',
        }),
      true,
      victimMessage.id,
    );
    await expectHidden((id) => get(`/accounts/${id}`, auth), true, victim.id);
    await expectHidden(
      (id) => send(server.url, { method: 'DELETE', path: `/accounts/${id}`, headers: auth }),
      true,
      victim.id,
    );
  });

  it('are not found on /v1, for a mailbox token and for a Pro API token', async () => {
    const apiToken = ((await proIntruder.get('/api/user-token')).body as { token: string }).token;
    for (const token of [intruder.token, apiToken]) {
      const auth = bearer(token);
      await expectHidden((id) => get(`/v1/messages/${id}`, auth), false, victimMessage.id);
      await expectHidden((id) => get(`/v1/messages/${id}/raw`, auth), false, victimMessage.id);
      await expectHidden(
        (id) => get(`/v1/messages/${id}/attachments/${victimMessage.attachmentId}`, auth),
        false,
        victimMessage.id,
      );
      await expectHidden((id) => get(`/v1/messages?before=${id}`, auth), false, victimMessage.id);
      await expectHidden(
        (id) => send(server.url, { method: 'DELETE', path: `/v1/messages/${id}`, headers: auth }),
        false,
        victimMessage.id,
      );
      await expectHidden((id) => get(`/v1/messages/${id}`, auth), false, proMessage.id);
    }
  });

  it('are not found in another Pro user’s inbox on /api', async () => {
    await expectHidden((id) => proIntruder.get(`/api/message/${id}`), false, proMessage.id);
    await expectHidden(
      (id) => proIntruder.get(`/api/message/${id}/attachments/${proMessage.attachmentId}`),
      false,
      proMessage.id,
    );
    await expectHidden((id) => proIntruder.get(`/api/message/${id}`), false, victimMessage.id);
  });

  it('leave the owners’ messages untouched: still there, the mail.tm one still unseen', async () => {
    const own = await get(`/messages`, bearer(victim.token));
    expect(own.body).toEqual([
      expect.objectContaining({ id: victimMessage.id, seen: false, isDeleted: false }),
    ]);
    const pro = await proOwner.get('/api/messages-all');
    expect((pro.body as { messages: unknown[] }).messages).toEqual([
      expect.objectContaining({ id: proMessage.id }),
    ]);
    expect((await get('/me', bearer(victim.token))).status).toBe(200);
  });
});

describe('public API tokens', () => {
  it('stop working at once when rotated, on every /v1 call, however often', async () => {
    const owner = await buyPro(server.url, 'rotator@example.com');
    const first = ((await owner.get('/api/user-token')).body as { token: string }).token;
    const rotated = await owner.post('/api/user-token');
    expect(rotated.status).toBe(201);
    const second = (rotated.body as { token: string }).token;
    const third = ((await owner.post('/api/user-token')).body as { token: string }).token;

    for (const retired of [first, second]) {
      for (const call of [
        () => get('/v1/me', bearer(retired)),
        () => get('/v1/messages', bearer(retired)),
        () => get('/v1/events', bearer(retired)),
        () =>
          send(server.url, {
            method: 'POST',
            path: '/v1/generate-email',
            headers: bearer(retired),
          }),
      ]) {
        expectStandardError(await call(), 401, errorCodes);
      }
    }
    // One character off is a different token, not a near miss.
    const flipped = `${third.slice(0, -1)}${third.endsWith('A') ? 'B' : 'A'}`;
    expectStandardError(await get('/v1/me', bearer(flipped)), 401, errorCodes);
    expect((await get('/v1/me', bearer(third))).status).toBe(200);
  });

  it('open nothing on the other surfaces', async () => {
    const token = ((await proIntruder.get('/api/user-token')).body as { token: string }).token;
    // A valid API token is not a mailbox JWT ...
    expect((await get('/me', bearer(token))).body).toEqual({
      code: 401,
      message: 'Invalid JWT Token',
    });
    // ... nor a session: the product API knows browsers by their cookie only.
    const asCookie = await get('/api/user-token', { cookie: `tm_session=${token}` });
    expectStandardError(asCookie, 403, errorCodes);
    const jwtAsCookie = await get('/api/messages-all', { cookie: `tm_session=${victim.token}` });
    expectStandardError(jwtAsCookie, 403, errorCodes);
  });
});

describe('session cookies', () => {
  const proCalls = ['/api/messages-all', '/api/events'];
  /** What any session reads of its own, Pro or not: a stranger's cookie shows none of it. */
  async function expectNothingOfTheirs(reader: string | Browser) {
    const read = (path: string) =>
      typeof reader === 'string' ? get(path, { cookie: reader }) : reader.get(path);
    expectStandardError(await read('/api/user-token'), 404, errorCodes);
    const forwarding = await read('/api/forwarding-settings');
    expect(forwarding.status).toBe(200);
    expect(forwarding.body).toMatchObject({ forwardingEmail: null, status: 'off' });
  }

  it('that were forged reach nobody: Pro calls are refused, /api/user shows a blank visitor', async () => {
    for (const cookie of [
      `tm_session=${'A'.repeat(43)}`,
      `tm_session=${proOwner.cookie.split('=')[1]!.slice(0, -1)}B`,
      `tm_session=${proOwner.cookie.split('=')[1]!.toUpperCase()}`,
    ]) {
      for (const path of proCalls) {
        const response = await get(path, { cookie });
        expectStandardError(response, 403, errorCodes);
        // A well-formed cookie nobody issued reads as a visitor who has stored nothing.
        expect(['forbidden', 'pro_required']).toContain((response.body as { code: string }).code);
      }
      await expectNothingOfTheirs(cookie);
      const user = await get('/api/user', { cookie });
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ isPro: false, email: null });
      expect((user.body as { id: string }).id).not.toBe(proOwner.id);
    }
  });

  it('of another user show that user’s own data, never the victim’s', async () => {
    const settings = await proIntruder.get('/api/forwarding-settings');
    expect(settings.status).toBe(200);
    const all = await proIntruder.get('/api/messages-all');
    expect(all.body).toEqual({ messages: [] });
    const me = await proIntruder.get('/api/user');
    expect(me.body).toMatchObject({ id: proIntruder.id, isPro: true });
  });

  it('stop working after logout, even when replayed', async () => {
    const leaving = await buyPro(server.url, 'leaving@example.com');
    expect((await leaving.post('/api/logout')).status).toBe(200);
    for (const path of proCalls) expectStandardError(await leaving.get(path), 403, errorCodes);
    await expectNothingOfTheirs(leaving);
    const again = await leaving.get('/api/user');
    expect((again.body as { id: string }).id).not.toBe(leaving.id);
  });
});
