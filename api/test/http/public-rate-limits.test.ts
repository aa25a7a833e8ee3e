// The public API's rate limits: free, Pro and burst windows, the RateLimit-* headers, 429
// with Retry-After, and the in-memory fallback when Redis does not answer. Then the limits
// that count per client or account rather than per token: one budget of new addresses per
// IP over every path, /v1 counted per account, and how many API tokens a user is issued;
// each in memory and, with TEST_REDIS_URL, through Redis shared by two app instances.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { settings } from '../../src/config.js';
import { createApiRateLimiter } from '../../src/http/v1/api-rate-limiter.js';
import { limiterFactory } from '../../src/features/limits/create-limiter.js';
import { buyPro, type TestBrowser } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.dispose();
});

/** A server with these limits, on its own database (so counts start at zero). */
async function serverWith(limits: { free: number; pro: number; burst: number }) {
  const database = await testBackends[0]!.open();
  databases.push(database);
  const { services } = createTestServices(database, {
    API_FREE_REQUESTS_PER_HOUR: String(limits.free),
    API_PRO_REQUESTS_PER_HOUR: String(limits.pro),
    API_BURST_REQUESTS_PER_MINUTE: String(limits.burst),
  });
  return buildTestApp(services);
}

function rateHeaders(response: request.Response) {
  return {
    limit: Number(response.headers['ratelimit-limit']),
    remaining: Number(response.headers['ratelimit-remaining']),
    reset: Number(response.headers['ratelimit-reset']),
  };
}

describe('free limit', () => {
  it('counts every request of a mailbox token, 304s included, then answers 429', async () => {
    const app = await serverWith({ free: 4, pro: 100, burst: 100 });
    // Generating counts against the IP, not against the new mailbox.
    const { body } = await request(app).post('/v1/generate-email').expect(201);
    const auth = { Authorization: `Bearer ${body.token}` };

    const first = await request(app).get('/v1/messages').set(auth).expect(200);
    expect(rateHeaders(first)).toMatchObject({ limit: 4, remaining: 3 });
    expect(rateHeaders(first).reset).toBeGreaterThan(3500);
    const etag = first.headers.etag!;
    const second = await request(app).get('/v1/messages').set(auth).set('If-None-Match', etag);
    expect(second.status).toBe(304);
    expect(rateHeaders(second).remaining).toBe(2);
    await request(app).get('/v1/messages').set(auth).set('If-None-Match', etag).expect(304);
    await request(app).get('/v1/domains').set(auth).expect(200);

    const refused = await request(app).get('/v1/messages').set(auth).expect(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    // It names the window it counts in.
    expect(refused.body.message).toMatch(
      /^Rate limit reached \(4 requests an hour\)\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(rateHeaders(refused)).toMatchObject({ limit: 4, remaining: 0 });

    // Another mailbox has its own count.
    const other = await request(app).post('/v1/generate-email').expect(201);
    await request(app)
      .get('/v1/domains')
      .set({ Authorization: `Bearer ${other.body.token}` })
      .expect(200);
  });

  it('counts anonymous calls and bad tokens per IP', async () => {
    const app = await serverWith({ free: 3, pro: 100, burst: 100 });
    await request(app).get('/v1/domains').expect(200);
    await request(app).get('/v1/domains').set('Authorization', 'Bearer wrong').expect(401);
    const last = await request(app).post('/v1/generate-email').expect(201);
    expect(rateHeaders(last).remaining).toBe(0);
    await request(app).get('/v1/domains').expect(429);
    // Also a guess at a token, once the IP is out of requests.
    await request(app).get('/v1/me').set('Authorization', 'Bearer wrong').expect(429);
  });
});

describe('Pro limit', () => {
  it('gives a Pro API token the Pro hourly limit', async () => {
    const app = await serverWith({ free: 2, pro: 5, burst: 100 });
    const buyer = await buyPro(app, 'limits@example.com', 'pro_24hr');
    const token = (await buyer.get('/api/user-token').expect(200)).body.token as string;
    const auth = { Authorization: `Bearer ${token}` };
    for (let i = 0; i < 5; i += 1) {
      const response = await request(app).get('/v1/domains').set(auth).expect(200);
      expect(rateHeaders(response)).toMatchObject({ limit: 5, remaining: 4 - i });
    }
    await request(app).get('/v1/domains').set(auth).expect(429);
  });
});

describe('GET /v1/me', () => {
  it('shows each window, so a Pro budget is not hidden behind the nearer minute', async () => {
    const app = await serverWith({ free: 2, pro: 300, burst: 100 });
    const buyer = await buyPro(app, 'windows@example.com', 'pro_24hr');
    const token = (await buyer.get('/api/user-token').expect(200)).body.token as string;
    const auth = { Authorization: `Bearer ${token}` };
    await request(app).get('/v1/domains').set(auth).expect(200);
    const me = await request(app).get('/v1/me').set(auth).expect(200);
    // The headers name the window nearest its limit: here the minute's 100.
    expect(rateHeaders(me)).toMatchObject({ limit: 100, remaining: 99 });
    expect(me.body.rateLimit.windows).toEqual([
      { limit: 300, remaining: 299, reset: expect.any(Number), window: 3600 },
      { limit: 100, remaining: 99, reset: expect.any(Number), window: 60 },
    ]);
  });

  it('reports the limits without spending them, past them too, on a budget of its own', async () => {
    const app = await serverWith({ free: 2, pro: 100, burst: 100 });
    const { body } = await request(app).post('/v1/generate-email').expect(201);
    const auth = { Authorization: `Bearer ${body.token}` };
    await request(app).get('/v1/domains').set(auth).expect(200);
    const before = await request(app).get('/v1/me').set(auth).expect(200);
    expect(before.body.rateLimit).toMatchObject({ limit: 2, remaining: 1 });
    expect(rateHeaders(before)).toMatchObject({ limit: 2, remaining: 1 });
    // Asking twice spends nothing: the next counted call is still allowed.
    await request(app).get('/v1/me').set(auth).expect(200);
    await request(app).get('/v1/domains').set(auth).expect(200);
    await request(app).get('/v1/domains').set(auth).expect(429);
    // Out of requests, a script can still ask when it may go on.
    const after = await request(app).get('/v1/me').set(auth).expect(200);
    expect(after.body.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
    expect(after.body.rateLimit.reset).toBeGreaterThan(3500);
    // Its own budget: 30 a minute.
    for (let i = 0; i < 27; i += 1) await request(app).get('/v1/me').set(auth).expect(200);
    const refused = await request(app).get('/v1/me').set(auth).expect(429);
    expect(refused.body.message).toMatch(
      /^Too many identity requests\. Try again in \d+ seconds\.$/,
    );
  });
});

describe('burst limit', () => {
  it('refuses more than the burst per minute, reporting that window', async () => {
    const app = await serverWith({ free: 50, pro: 100, burst: 3 });
    const { body } = await request(app).post('/v1/generate-email').expect(201);
    const auth = { Authorization: `Bearer ${body.token}` };
    for (let i = 0; i < 3; i += 1) {
      const response = await request(app).get('/v1/domains').set(auth).expect(200);
      // The burst window is the one nearest to its limit.
      expect(rateHeaders(response)).toMatchObject({ limit: 3, remaining: 2 - i });
      expect(rateHeaders(response).reset).toBeLessThanOrEqual(60);
    }
    const refused = await request(app).get('/v1/domains').set(auth).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('Redis not answering', () => {
  it('falls back to counting in memory, and keeps limiting', async () => {
    // A port nothing listens on: every Redis command fails at once.
    const probe = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const redis = new Redis(`redis://127.0.0.1:${port}`, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    redis.on('error', () => undefined);
    const limiter = createApiRateLimiter(
      { freePerHour: 2, proPerHour: 10, burstPerMinute: 10 },
      limiterFactory(redis),
    );
    const states = [];
    for (let i = 0; i < 3; i += 1) states.push(await limiter.take('mailbox:fallback', 'free'));
    expect(states.map((state) => [state.allowed, state.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    redis.disconnect();
  });
});

/** The address budget as shipped: what a self-hoster gets without setting anything. */
const DEFAULT_ADDRESS_BUDGET = {
  ADDRESS_CREATION_PER_MINUTE: settings.ADDRESS_CREATION_PER_MINUTE.default,
  ADDRESS_CREATION_PER_HOUR: settings.ADDRESS_CREATION_PER_HOUR.default,
};
const PER_MINUTE = Number(DEFAULT_ADDRESS_BUDGET.ADDRESS_CREATION_PER_MINUTE);
const TOKENS_PER_HOUR = Number(settings.API_TOKENS_PER_HOUR.default);

const redisUrl = process.env.TEST_REDIS_URL;
const redisClients: Redis[] = [];
afterAll(() => {
  for (const client of redisClients) client.disconnect();
});

/**
 * Two app instances over one database with these settings, as two nodes: in memory they share
 * the services (one process); through Redis each has its own services and limiter factory,
 * and only Redis joins their counts (under a namespace of this test's own).
 */
async function nodesWith(limiters: 'memory' | 'redis', env: NodeJS.ProcessEnv) {
  const database = await testBackends[0]!.open();
  databases.push(database);
  if (limiters === 'memory') {
    const app = buildTestApp(createTestServices(database, env).services);
    return [app, app] as const;
  }
  const redis = new Redis(redisUrl!);
  redisClients.push(redis);
  await redis.ping();
  const namespace = `tempmail-test:${randomUUID()}`;
  const node = () =>
    buildTestApp({
      ...createTestServices(database, env).services,
      createLimiter: limiterFactory(redis, namespace),
    });
  return [node(), node()] as const;
}

/** Each path that makes an address, as the dashboard, a mail.tm client or a /v1 caller calls it. */
const create = {
  mailTm: (app: Express, local = `m${randomUUID().slice(0, 8)}`) =>
    request(app)
      .post('/accounts')
      .set('Accept', 'application/json')
      .send({ address: `${local}@tempmail.test`, password: 'secret123' }),
  v1: (app: Express, token?: string) => {
    const call = request(app).post('/v1/generate-email');
    return token ? call.set('Authorization', `Bearer ${token}`) : call;
  },
  custom: (user: TestBrowser, alias = `c${randomUUID().slice(0, 8)}`) =>
    user.post('/api/create-custom-email', { alias, domain: 'tempmail.test' }),
};

function expectRefusedAddress(response: request.Response, limit: number) {
  expect(response.status).toBe(429);
  expect(response.body.message).toMatch(/new addresses from this IP address/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(rateHeaders(response)).toMatchObject({ limit, remaining: 0 });
}

const limiterKinds = redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const);
if (!redisUrl) console.warn('per-client limits through Redis: SKIPPED, needs TEST_REDIS_URL');

describe.each(limiterKinds)('limits per client and account (%s)', (limiters) => {
  it('lets a visitor make their addresses and stops a script, on every path, under the defaults', async () => {
    const [a, b] = await nodesWith(limiters, DEFAULT_ADDRESS_BUDGET);
    // A visit: the home page's address, then "New address" twice, on either node.
    for (const app of [a, b, a]) expect((await create.mailTm(app)).status).toBe(201);
    // The same person's Pro address and a script's first /v1 mailbox fill the minute.
    const pro = await buyPro(b, 'budget@example.com');
    await create.custom(pro).expect(201);
    await create.v1(b).expect(201);

    // One more on any path, with any credentials, is refused until the minute is over.
    const mailTm = await create.mailTm(a);
    expectRefusedAddress(mailTm, PER_MINUTE);
    expect(Number(mailTm.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(mailTm.body).toEqual({ code: 429, message: expect.any(String) });
    expectRefusedAddress(await create.v1(b), PER_MINUTE);
    expectRefusedAddress(await create.custom(pro), PER_MINUTE);
    const apiToken = (await pro.get('/api/user-token').expect(200)).body.token as string;
    expectRefusedAddress(await create.v1(a, apiToken), PER_MINUTE);
    const freshToken = (await pro.post('/api/user-token').expect(201)).body.token as string;
    const refused = await create.v1(b, freshToken);
    expectRefusedAddress(refused, PER_MINUTE);
    expect(refused.body.code).toBe('rate_limited');
  });

  it('counts every path in one hourly budget, and gives back attempts that made nothing', async () => {
    const [a, b] = await nodesWith(limiters, {
      ADDRESS_CREATION_PER_MINUTE: '100',
      ADDRESS_CREATION_PER_HOUR: '4',
    });
    const pro = await buyPro(a, 'hourly@example.com');
    const apiToken = (await pro.get('/api/user-token').expect(200)).body.token as string;
    await create.mailTm(a, 'taken').expect(201);
    // A taken name makes no address, so it costs nothing, on whichever path.
    await create.mailTm(b, 'taken').expect(422);
    await create.custom(pro, 'taken').expect(422);
    await request(b)
      .post('/v1/generate-email')
      .set('Authorization', `Bearer ${apiToken}`)
      .send({ customAlias: 'taken' })
      .expect(422);
    await create.v1(b).expect(201);
    await create.v1(a, apiToken).expect(201);
    await create.custom(pro).expect(201);

    for (const refused of [await create.mailTm(b), await create.v1(a), await create.custom(pro)]) {
      expectRefusedAddress(refused, 4);
      // The hour's window keeps the client out, not the minute's.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    }
  });

  it('counts /v1 calls per account: new tokens and the mailboxes a user made share its count', async () => {
    const [a, b] = await nodesWith(limiters, {
      API_FREE_REQUESTS_PER_HOUR: '3',
      API_PRO_REQUESTS_PER_HOUR: '6',
    });
    const pro = await buyPro(a, 'account@example.com');
    const first = (await pro.get('/api/user-token').expect(200)).body.token as string;
    const generated = await create.v1(a, first).expect(201);
    expect(rateHeaders(generated)).toMatchObject({ limit: 6, remaining: 5 });
    // The mailbox's own token counts against the user that made it.
    const mailboxAuth = { Authorization: `Bearer ${generated.body.token}` };
    expect(
      rateHeaders(await request(b).get('/v1/domains').set(mailboxAuth).expect(200)),
    ).toMatchObject({
      remaining: 4,
    });
    // A rotated token carries on the same count (the revoked one costs its IP, not the user).
    const second = (await pro.post('/api/user-token').expect(201)).body.token as string;
    const secondAuth = { Authorization: `Bearer ${second}` };
    await request(a)
      .get('/v1/domains')
      .set({ Authorization: `Bearer ${first}` })
      .expect(401);
    expect(
      rateHeaders(await request(b).get('/v1/domains').set(secondAuth).expect(200)),
    ).toMatchObject({
      remaining: 3,
    });
    await request(a).get('/v1/domains').set(secondAuth).expect(200);
    await request(b).get('/v1/domains').set(mailboxAuth).expect(200);
    await request(a).get('/v1/domains').set(secondAuth).expect(200);
    const refused = await request(a).get('/v1/domains').set(mailboxAuth).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(rateHeaders(refused)).toMatchObject({ limit: 6, remaining: 0 });
    await request(b).get('/v1/domains').set(secondAuth).expect(429);

    // A free mailbox's count is the mailbox's, whichever of its tokens calls.
    await create.mailTm(a, 'counted').expect(201);
    const login = { address: 'counted@tempmail.test', password: 'secret123' };
    const tokenOf = async () =>
      (await request(b).post('/token').send(login).expect(200)).body.token as string;
    const earlier = await tokenOf();
    await request(a).get('/v1/domains').set('Authorization', `Bearer ${earlier}`).expect(200);
    await request(b).get('/v1/domains').set('Authorization', `Bearer ${earlier}`).expect(200);
    const later = await tokenOf();
    const last = await request(a).get('/v1/domains').set('Authorization', `Bearer ${later}`);
    expect(rateHeaders(last)).toMatchObject({ limit: 3, remaining: 0 });
    await request(b).get('/v1/domains').set('Authorization', `Bearer ${later}`).expect(429);
  });

  it(`issues a user at most ${TOKENS_PER_HOUR} API tokens an hour, one of them live`, async () => {
    const [a, b] = await nodesWith(limiters, {});
    const pro = await buyPro(a, 'rotating@example.com');
    const tokens = [(await pro.get('/api/user-token').expect(200)).body.token as string];
    for (let i = 1; i < TOKENS_PER_HOUR; i += 1) {
      tokens.push((await pro.post('/api/user-token').expect(201)).body.token as string);
    }
    const refused = await pro.post('/api/user-token').expect(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(rateHeaders(refused)).toMatchObject({ limit: TOKENS_PER_HOUR, remaining: 0 });
    // Every token but the newest was revoked when the next was issued.
    for (const [index, token] of tokens.entries()) {
      const app = index % 2 === 0 ? a : b;
      const status = index === tokens.length - 1 ? 200 : 401;
      await request(app).get('/v1/me').set('Authorization', `Bearer ${token}`).expect(status);
    }
  });
});
