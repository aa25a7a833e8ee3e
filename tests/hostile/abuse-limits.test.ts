// Issue 8, hostile input: the abuse limits of a real server, each reached, refused with 429,
// Retry-After and the surface's error body, while another caller (another IP, user or email)
// goes on unharmed. Callers get their own IPs by connecting from other loopback addresses.
// Issue 20: the budget of new addresses is one per IP over every path, whatever token or
// session asks, and a user is issued a bounded number of API tokens; both at their defaults.
// Also issue 20: no path registers a reserved name (postmaster, support…), whatever the trick.
// Already covered elsewhere, so not repeated here: the /v1 free, Pro and burst windows and a
// bad token counted per IP (api/test/http/public-rate-limits.test.ts), mail.tm's 8 per second
// on GET /domains (mailtm-api.test.ts), the contact form's sixth message refused
// (product-api.test.ts) and recovery's sixth request for one email (access-recovery.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '../support/send-mail.js';
import type { RunningServer } from '../support/start-server.js';
import {
  buyPro,
  expectMailTmError,
  expectStandardError,
  readContract,
  send,
  startHostileServer,
  waitFor,
  type Browser,
  type RawResponse,
} from './hostile-client.js';

const errorCodes = readContract().components.schemas.ErrorCode!.enum as string[];
/** /v1's hourly limit for anonymous callers on this server: small, to be reached quickly. */
const FREE_PER_HOUR = 3;
/** mail.tm's limit per second on this server. */
const MAILTM_PER_SECOND = 4;
/** The server's own limits (their constants live beside the handlers). */
const RECOVERY_PER_EMAIL_FROM_IP = 5;
const RECOVERY_PER_EMAIL = 10;
const RECOVERY_PER_IP = 20;
const REDEEM_PER_IP = 30;
const CONTACT_PER_IP = 5;
const CUSTOM_EMAILS_PER_USER = 30;
/** The shipped defaults of ADDRESS_CREATION_PER_MINUTE and API_TOKENS_PER_HOUR. */
const ADDRESSES_PER_IP_PER_MINUTE = 5;
const API_TOKENS_PER_USER = 5;
const CONFIRMATIONS_PER_USER = 10;
const FORWARDED_PER_USER_PER_DAY = 100;

let server: RunningServer;
let nextIp = 10;
/** A loopback address no other test has used: a caller with a fresh count. */
const freshIp = () => `127.0.0.${nextIp++}`;

beforeAll(async () => {
  server = await startHostileServer({
    API_FREE_REQUESTS_PER_HOUR: String(FREE_PER_HOUR),
    MAILTM_RATE_LIMIT: String(MAILTM_PER_SECOND),
    // The server's own defaults, which startHostileServer otherwise raises.
    ADDRESS_CREATION_PER_MINUTE: undefined,
    ADDRESS_CREATION_PER_HOUR: undefined,
    API_TOKENS_PER_HOUR: undefined,
  });
}, 120_000);
afterAll(() => server?.stop());

function expectRefused(response: RawResponse, mailTm = false): void {
  if (mailTm) expectMailTmError(response, 429);
  else {
    expectStandardError(response, 429, errorCodes);
    expect((response.body as { code: string }).code).toBe('rate_limited');
  }
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** Makes `allowed` calls (none refused), then one more, which must be the 429. */
async function exhaust(
  allowed: number,
  call: (index: number) => Promise<RawResponse>,
): Promise<RawResponse> {
  for (let index = 0; index < allowed; index += 1) {
    const response = await call(index);
    expect(response.status, response.text).not.toBe(429);
  }
  return call(allowed);
}

const postJson = (target: string, body: unknown, localAddress: string, headers = {}) =>
  send(server.url, {
    method: 'POST',
    path: target,
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
    localAddress,
  });

describe('address generation per IP', () => {
  it('limits POST /v1/generate-email by the anonymous hourly window, per IP', async () => {
    const ip = freshIp();
    const refused = await exhaust(FREE_PER_HOUR, () => postJson('/v1/generate-email', {}, ip));
    expectRefused(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await postJson('/v1/generate-email', {}, freshIp())).status).toBe(201);
  });

  it('limits mail.tm’s POST /accounts to its requests per second, per IP', async () => {
    const ip = freshIp();
    const stamp = Date.now().toString(36);
    const account = (index: number, from: string) =>
      postJson(
        '/accounts',
        { address: `burst${stamp}${index}@tempmail.test`, password: 'secret123' },
        from,
        { accept: 'application/json' },
      );
    // All at once, so the whole burst falls into one second however slow the machine is.
    const answers = await Promise.all(
      Array.from({ length: MAILTM_PER_SECOND + 1 }, (_, index) => account(index, ip)),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(MAILTM_PER_SECOND).fill(201),
      429,
    ]);
    expectRefused(refused[0]!, true);
    // mail.tm's own text, whatever the configured limit: its clients match on it.
    expect(refused[0]!.body).toEqual({
      code: 429,
      message:
        'You exceeded the limit of 8 requests per second! Try delaying the request by one second!',
    });
    expect((await account(99, freshIp())).status).toBe(201);
  });
});

describe('new addresses per IP, over every path', () => {
  it('shares one budget between mail.tm, the dashboard and /v1, whatever the credentials', async () => {
    const ip = freshIp();
    const pro = await buyPro(server.url, 'budget@example.com');
    const asPro = { cookie: pro.cookie };
    const apiToken = (await pro.get('/api/user-token')).body as { token: string };
    const bearer = { authorization: `Bearer ${apiToken.token}` };
    const stamp = Date.now().toString(36);
    const mailTm = (index: number, from: string) =>
      postJson(
        '/accounts',
        { address: `budget${stamp}${index}@tempmail.test`, password: 'secret123' },
        from,
        { accept: 'application/json' },
      );
    const custom = (index: number) =>
      postJson(
        '/api/create-custom-email',
        { alias: `custom${stamp}${index}`, domain: 'tempmail.test' },
        ip,
        asPro,
      );
    const made = [
      await mailTm(0, ip),
      await mailTm(1, ip),
      await postJson('/v1/generate-email', {}, ip),
      await postJson('/v1/generate-email', {}, ip, bearer),
      await custom(0),
    ];
    expect(made.map((response) => response.status)).toEqual(
      Array<number>(ADDRESSES_PER_IP_PER_MINUTE).fill(201),
    );

    const refusals = [
      [await mailTm(2, ip), true],
      [await postJson('/v1/generate-email', {}, ip, bearer), false],
      [await custom(1), false],
    ] as const;
    for (const [refused, mailTmSurface] of refusals) {
      expectRefused(refused, mailTmSurface);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-limit']).toBe(String(ADDRESSES_PER_IP_PER_MINUTE));
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(JSON.stringify(refused.body)).toContain('new addresses from this IP address');
    }
    // A new API token is no new budget; another IP is untouched.
    const rotated = (await pro.post('/api/user-token')).body as { token: string };
    expectRefused(
      await postJson('/v1/generate-email', {}, ip, { authorization: `Bearer ${rotated.token}` }),
    );
    expect((await mailTm(3, freshIp())).status).toBe(201);
  });
});

describe('API tokens', () => {
  it(`issues a user ${API_TOKENS_PER_USER} tokens an hour, each revoking the one before`, async () => {
    const rotating = await buyPro(server.url, 'rotating@example.com');
    const calm = await buyPro(server.url, 'calm-tokens@example.com');
    const tokens = [((await rotating.get('/api/user-token')).body as { token: string }).token];
    const refused = await exhaust(API_TOKENS_PER_USER - 1, async () => {
      const response = await rotating.post('/api/user-token');
      if (response.status === 201) tokens.push((response.body as { token: string }).token);
      return response;
    });
    expectRefused(refused);
    expect(refused.headers['ratelimit-limit']).toBe(String(API_TOKENS_PER_USER));
    // Each from its own IP: a revoked token's 401 costs its IP one of the few anonymous calls.
    const me = (token: string) =>
      send(server.url, {
        method: 'GET',
        path: '/v1/me',
        headers: { authorization: `Bearer ${token}` },
        localAddress: freshIp(),
      });
    expect(await Promise.all(tokens.map(async (token) => (await me(token)).status))).toEqual([
      ...Array<number>(API_TOKENS_PER_USER - 1).fill(401),
      200,
    ]);
    expect((await calm.post('/api/user-token')).status).toBe(201);
  });
});

describe('access recovery', () => {
  it('refuses an IP a sixth sign-in request for one email, but not for another email', async () => {
    const ip = freshIp();
    const refused = await exhaust(RECOVERY_PER_EMAIL_FROM_IP, () =>
      postJson('/api/access-recovery', { email: 'target@example.com' }, ip),
    );
    expectRefused(refused);
    // Another email is answered 202 like every email: the limit did not leak which exist.
    expect(
      (await postJson('/api/access-recovery', { email: 'other@example.com' }, ip)).status,
    ).toBe(202);
    // The owner, elsewhere, still gets their link: another's requests did not lock them out.
    expect(
      (await postJson('/api/access-recovery', { email: 'target@example.com' }, freshIp())).status,
    ).toBe(202);
  });

  it('caps one email across IPs, so many IPs together cannot flood its inbox', async () => {
    const flooders = Array.from(
      { length: Math.ceil(RECOVERY_PER_EMAIL / RECOVERY_PER_EMAIL_FROM_IP) + 1 },
      freshIp,
    );
    const refused = await exhaust(RECOVERY_PER_EMAIL, (index) =>
      postJson(
        '/api/access-recovery',
        { email: 'flooded@example.com' },
        flooders[Math.floor(index / RECOVERY_PER_EMAIL_FROM_IP)]!,
      ),
    );
    expectRefused(refused);
  });

  it('refuses an IP sweeping through emails, but not another IP', async () => {
    const ip = freshIp();
    const refused = await exhaust(RECOVERY_PER_IP, (index) =>
      postJson('/api/access-recovery', { email: `sweep${index}@example.com` }, ip),
    );
    expectRefused(refused);
    const other = await postJson(
      '/api/access-recovery',
      { email: 'sweep0@example.com' },
      freshIp(),
    );
    expect(other.status).toBe(202);
  });

  it('refuses an IP guessing sign-in tokens, but not another IP', async () => {
    const ip = freshIp();
    const guess = (index: number, from: string) =>
      postJson('/api/access-recovery/redeem', { token: `guess-${index}` }, from);
    const refused = await exhaust(REDEEM_PER_IP, (index) => guess(index, ip));
    expectRefused(refused);
    expect((await guess(0, freshIp())).status).toBe(404);
  });
});

describe('contact form', () => {
  it('refuses a sixth message from one IP, while another IP still writes', async () => {
    const message = {
      name: 'Spammer',
      email: 'spam@example.com',
      subject: 'Buy now',
      message: 'Cheap watches.',
    };
    const ip = freshIp();
    const refused = await exhaust(CONTACT_PER_IP, () => postJson('/api/contact', message, ip));
    expectRefused(refused);
    expect((await postJson('/api/contact', message, freshIp())).status).toBe(202);
  });
});

describe('Pro users', () => {
  let heavy: Browser;
  let light: Browser;

  beforeAll(async () => {
    heavy = await buyPro(server.url, 'heavy@example.com');
    light = await buyPro(server.url, 'light@example.com');
  });

  it('may make 30 custom addresses an hour, even from many IPs; another user is unaffected', async () => {
    const create = (user: Browser, alias: string) =>
      user.post('/api/create-custom-email', { alias, domain: 'tempmail.test' });
    // Each from its own IP, so that only the user's own limit can refuse.
    const refused = await exhaust(CUSTOM_EMAILS_PER_USER, (index) =>
      postJson(
        '/api/create-custom-email',
        { alias: `heavy${index}`, domain: 'tempmail.test' },
        freshIp(),
        { cookie: heavy.cookie },
      ),
    );
    expectRefused(refused);
    expect((await create(light, 'light0')).status).toBe(201);
  });

  it('may cause 10 forwarding confirmation mails an hour; another user is unaffected', async () => {
    const point = (user: Browser, destination: string) =>
      user.post('/api/update-forwarding', { forwardingEmail: destination, enabled: true });
    const refused = await exhaust(CONFIRMATIONS_PER_USER, (index) =>
      point(heavy, `stranger${index}@example.com`),
    );
    expectRefused(refused);
    expect((await point(light, 'light-stranger@example.com')).status).toBe(200);
  });
});

/** The token of the newest confirmation mail to `destination` in the server's outbox. */
function confirmationTokenFor(destination: string): string | undefined {
  const outbox = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  const texts = fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    // Quoted-printable: undo soft line breaks and `=3D` before reading the link.
    .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((text) => text.includes(`To: ${destination}`) && text.includes('forwarding/confirm'));
  return /token=([A-Za-z0-9_-]{43})/.exec(texts.at(-1) ?? '')?.[1];
}

async function forwardConfirmed(user: Browser, destination: string): Promise<void> {
  const updated = await user.post('/api/update-forwarding', {
    forwardingEmail: destination,
    enabled: true,
  });
  expect(updated.status).toBe(200);
  const token = await waitFor(async () => confirmationTokenFor(destination));
  expect((await user.post('/api/forwarding/confirm', { token })).status).toBe(200);
}

describe('forwarding volume', () => {
  // The limit is FORWARDING_DAILY_LIMIT (features/forwarding/manage-forwarding.ts), applied by
  // jobs/deliver-forwarding.ts: mail keeps arriving (refusing it would lose it), but past 100
  // copies a user's forwarding is held until the next UTC day and the settings say so.
  it(`forwards ${FORWARDED_PER_USER_PER_DAY} messages per user per day, holds the rest, and not another user’s`, async () => {
    const flooded = await buyPro(server.url, 'flooded@example.com');
    const calm = await buyPro(server.url, 'calm@example.com');
    await forwardConfirmed(flooded, 'flooded-dest@example.com');
    await forwardConfirmed(calm, 'calm-dest@example.com');
    for (const [user, alias] of [
      [flooded, 'floodbox'],
      [calm, 'calmbox'],
    ] as const) {
      const created = await user.post('/api/create-custom-email', {
        alias,
        domain: 'tempmail.test',
      });
      expect(created.status).toBe(201);
    }

    for (let index = 0; index <= FORWARDED_PER_USER_PER_DAY; index += 1) {
      await sendMail(server.smtpPort, {
        from: 'Flood <flood@spam.example>',
        to: 'floodbox@tempmail.test',
        subject: `Flood ${index}`,
        text: 'Again.',
      });
    }
    await sendMail(server.smtpPort, {
      from: 'Friend <friend@example.org>',
      to: 'calmbox@tempmail.test',
      subject: 'Hello',
      text: 'Just one.',
    });

    const settingsOf = async (user: Browser) =>
      (await user.get('/api/forwarding-settings')).body as {
        forwardedToday: number;
        dailyLimit: number;
        lastError: string | null;
      };
    const held = await waitFor(async () => {
      const settings = await settingsOf(flooded);
      return settings.lastError?.includes('Daily forwarding limit') ? settings : undefined;
    }, 30_000);
    expect(held).toMatchObject({
      forwardedToday: FORWARDED_PER_USER_PER_DAY,
      dailyLimit: FORWARDED_PER_USER_PER_DAY,
    });
    await waitFor(async () => ((await settingsOf(calm)).forwardedToday === 1 ? true : undefined));
    expect((await settingsOf(calm)).lastError).toBeNull();
  }, 60_000);
});

describe('reserved names', () => {
  it('are refused on every path, in any case and with a +tag, from fresh IPs', async () => {
    const squatter = await buyPro(server.url, 'squatter@example.com');
    const { token } = (await squatter.get('/api/user-token')).body as { token: string };
    const mailTm = await postJson(
      '/accounts',
      { address: 'Support+inbox@tempmail.test', password: 'secret123' },
      freshIp(),
      { accept: 'application/json' },
    );
    expectMailTmError(mailTm, 422);
    expect((mailTm.body as { detail: string }).detail).toBe(
      'address: The name "support" is reserved and cannot be registered.',
    );
    const refusals = [
      await postJson('/v1/generate-email', { customAlias: 'POSTMASTER' }, freshIp(), {
        authorization: `Bearer ${token}`,
      }),
      await postJson(
        '/api/create-custom-email',
        { alias: 'Abuse', domain: 'tempmail.test' },
        freshIp(),
        { cookie: squatter.cookie },
      ),
    ];
    for (const refused of refusals) {
      expectStandardError(refused, 422, errorCodes);
      expect((refused.body as { code: string }).code).toBe('address_reserved');
    }
  });
});
