// Per-IP limits count the client a configured proxy names, and nobody else's say-so: a header
// anyone can write must not hand out a fresh budget per request.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, settings } from '../../src/config.js';
import { ORIGIN } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

// The shipped budget (the test services raise it for the many tests that make addresses).
const DEFAULT_BUDGET = {
  ADDRESS_CREATION_PER_MINUTE: settings.ADDRESS_CREATION_PER_MINUTE.default,
  ADDRESS_CREATION_PER_HOUR: settings.ADDRESS_CREATION_PER_HOUR.default,
};

let database: TestDatabase;
let counter = 0;

beforeAll(async () => {
  database = await testBackends[0]!.open();
});
afterAll(() => database?.dispose());

/** Six new mail.tm accounts, each claiming to come from `forwardedFor(index)`. */
async function sixAccounts(
  app: ReturnType<typeof buildTestApp>,
  forwardedFor: (index: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < 6; index += 1) {
    const answer = await request(app)
      .post('/accounts')
      .set('X-Forwarded-For', forwardedFor(index))
      .send({ address: `proxied${++counter}@tempmail.test`, password: 'secret123' });
    statuses.push(answer.status);
  }
  return statuses;
}

describe('proxy headers', () => {
  it('are not believed from anyone unless a proxy is configured', async () => {
    const app = buildTestApp(createTestServices(database, DEFAULT_BUDGET).services);
    expect(await sixAccounts(app, (index) => `198.51.100.${index + 1}`)).toEqual([
      201, 201, 201, 201, 201, 429,
    ]);
  });

  it('name the client when they come from a configured proxy', async () => {
    const app = buildTestApp(
      createTestServices(database, { ...DEFAULT_BUDGET, TRUSTED_PROXIES: 'loopback' }).services,
    );
    // Six visitors behind the proxy: each has a budget of its own …
    expect(await sixAccounts(app, (index) => `203.0.113.${index + 1}`)).toEqual(Array(6).fill(201));
    // … and one visitor is still one client, however the proxy forwards it.
    expect(await sixAccounts(app, () => '192.0.2.77')).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('name an IPv6 client by its /64 on every per-IP limit, not only new addresses', async () => {
    const app = buildTestApp(
      createTestServices(database, { TRUSTED_PROXIES: 'loopback' }).services,
    );
    // Six contact messages from six addresses of one /64: one client, past its 5 an hour.
    const statuses: number[] = [];
    for (let index = 1; index <= 6; index += 1) {
      const answer = await request(app)
        .post('/api/contact')
        .set('Origin', ORIGIN)
        .set('X-Forwarded-For', `2001:db8:77:1::${index.toString(16)}`)
        .send({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there.' });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Another /64 is another client.
    const other = await request(app)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .set('X-Forwarded-For', '2001:db8:77:2::1')
      .send({ name: 'Bo', email: 'bo@example.com', subject: 'Hi', message: 'Hello there.' });
    expect(other.status).toBe(202);
  });

  it('take only addresses, ranges and Express’s range names as proxies', () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,::1,uniquelocal' }).trustedProxies,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'uniquelocal']);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.example.com' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });
});
