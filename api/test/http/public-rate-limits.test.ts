// The public API's rate limits: free, Pro and burst windows, the RateLimit-* headers, 429
// with Retry-After, and the in-memory fallback when Redis does not answer.
import net from 'node:net';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiRateLimiter } from '../../src/http/public/api-rate-limiter.js';
import { limiterFactory } from '../../src/http/rate-limit.js';
import { buyPro } from '../support/browser.js';
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
    await request(app).get('/v1/me').set(auth).expect(200);

    const refused = await request(app).get('/v1/messages').set(auth).expect(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.message).toMatch(/Try again in \d+ seconds/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(rateHeaders(refused)).toMatchObject({ limit: 4, remaining: 0 });

    // Another mailbox has its own count.
    const other = await request(app).post('/v1/generate-email').expect(201);
    await request(app)
      .get('/v1/me')
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
      const response = await request(app).get('/v1/me').set(auth).expect(200);
      expect(rateHeaders(response)).toMatchObject({ limit: 5, remaining: 4 - i });
      expect(response.body.rateLimit).toMatchObject({ limit: 5, remaining: 4 - i });
    }
    await request(app).get('/v1/me').set(auth).expect(429);
  });
});

describe('burst limit', () => {
  it('refuses more than the burst per minute, reporting that window', async () => {
    const app = await serverWith({ free: 50, pro: 100, burst: 3 });
    const { body } = await request(app).post('/v1/generate-email').expect(201);
    const auth = { Authorization: `Bearer ${body.token}` };
    for (let i = 0; i < 3; i += 1) {
      const response = await request(app).get('/v1/me').set(auth).expect(200);
      // The burst window is the one nearest to its limit.
      expect(rateHeaders(response)).toMatchObject({ limit: 3, remaining: 2 - i });
      expect(rateHeaders(response).reset).toBeLessThanOrEqual(60);
    }
    const refused = await request(app).get('/v1/me').set(auth).expect(429);
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
