// The addresses a browser session keeps (GET/POST /api/addresses): a reload finds the inbox
// again, another browser does not, buying Pro keeps the address, expired ones drop out.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MAILBOX_LIFETIME_MS } from '../../src/features/mailboxes/lifetimes.js';
import { openBrowser, ORIGIN, type TestBrowser } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

describe.each(testBackends)('on $name', (backend) => {
  let database: TestDatabase;
  let test: ReturnType<typeof createTestServices>;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await backend.open();
    test = createTestServices(database);
    app = buildTestApp(test.services);
  });
  afterAll(() => database?.dispose());

  const addressesOf = async (browser: TestBrowser) =>
    (await browser.get('/api/addresses').expect(200)).body.addresses as {
      id: string;
      address: string;
      expiresAt: string;
      token: string;
    }[];

  it('keeps a visitor’s address for the session, with a token that reads it', async () => {
    const visitor = await openBrowser(app);
    expect(await addressesOf(visitor)).toEqual([]);
    const made = (await visitor.post('/api/addresses').expect(201)).body;
    expect(made.address).toMatch(/^[a-z0-9]{10}@tempmail\.test$/);
    expect(Date.parse(made.expiresAt)).toBe(test.services.now() + FREE_MAILBOX_LIFETIME_MS);

    // A reload (the same cookie) finds it; the token works on the mail.tm surface.
    const [kept] = await addressesOf(visitor);
    expect(kept).toMatchObject({ id: made.id, address: made.address });
    const me = await request(app).get('/me').set('Authorization', `Bearer ${kept!.token}`);
    expect(me.status).toBe(200);
    expect(me.body.address).toBe(made.address);

    // Another browser sees nothing of it.
    expect(await addressesOf(await openBrowser(app))).toEqual([]);
  });

  it('lists the session’s live addresses newest first, and drops expired ones', async () => {
    const visitor = await openBrowser(app);
    const first = (await visitor.post('/api/addresses').expect(201)).body.address as string;
    test.advance(1_000);
    const second = (await visitor.post('/api/addresses').expect(201)).body.address as string;
    expect((await addressesOf(visitor)).map((entry) => entry.address)).toEqual([second, first]);
    // The first has just expired; the second has half a second left.
    test.advance(FREE_MAILBOX_LIFETIME_MS - 500);
    expect((await addressesOf(visitor)).map((entry) => entry.address)).toEqual([second]);
  });

  it('keeps the address through buying Pro, with Pro’s lifetime', async () => {
    const visitor = await openBrowser(app);
    const made = (await visitor.post('/api/addresses').expect(201)).body;
    const { body: checkout } = await visitor
      .post('/api/create-checkout-session', { plan: 'pro_24hr' })
      .expect(200);
    await visitor
      .post(`/api/demo-checkout/${new URL(checkout.url).pathname.split('/').pop()}/complete`, {})
      .expect(200);
    const user = (await visitor.get('/api/user').expect(200)).body;
    expect(user.isPro).toBe(true);
    const [kept] = await addressesOf(visitor);
    expect(kept).toMatchObject({ id: made.id, address: made.address });
    expect(kept!.expiresAt).toBe(user.proExpiresAt);
    // A Pro user's next address lives as long as their Pro, and joins the same list.
    test.advance(1_000);
    const next = (await visitor.post('/api/addresses').expect(201)).body;
    expect(next.expiresAt).toBe(user.proExpiresAt);
    expect((await addressesOf(visitor)).map((entry) => entry.id)).toEqual([next.id, made.id]);
  });

  it('refuses a request from another site', async () => {
    await request(app).post('/api/addresses').set('Origin', 'https://evil.example').expect(403);
    await request(app).post('/api/addresses').set('Origin', ORIGIN).expect(201);
  });
});

describe('under the default address budget', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await testBackends[0]!.open();
    // The budget a visitor meets: 5 new addresses a minute from one IP.
    const test = createTestServices(database, {
      ADDRESS_CREATION_PER_MINUTE: '5',
      ADDRESS_CREATION_PER_HOUR: '30',
    });
    app = buildTestApp(test.services);
  });
  afterAll(() => database?.dispose());

  it('answers 429 with Retry-After past it', async () => {
    const visitor = await openBrowser(app);
    for (let made = 0; made < 5; made += 1) await visitor.post('/api/addresses').expect(201);
    const refused = await visitor.post('/api/addresses').expect(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
