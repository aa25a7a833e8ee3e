// The product API the dashboard calls: visitor sessions, CSRF, domains, contact, logout.
import request from 'supertest';
import { ORIGIN, openBrowser } from '../support/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPro } from '../../src/features/users/is-pro.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

let database: TestDatabase;
let test: ReturnType<typeof createTestServices>;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  test = createTestServices(database, {
    MAIL_DOMAINS: 'tempmail.test,second.test',
    SUPPORT_EMAIL: 'help@operator.example',
  });
  app = buildTestApp(test.services);
});
afterAll(() => database?.dispose());

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Forwarding',
  category: 'pro_account',
  message: 'My forwarding is pending.',
  priority: 'high',
};

describe('visitors and users', () => {
  it('gives a first visitor an anonymous free user and a session cookie', async () => {
    const response = await request(app).get('/api/user').expect(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: null,
      isPro: false,
      plan: 'free',
      proExpiresAt: null,
      proRenews: false,
      customAlias: null,
    });
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^tm_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('stores nothing for a visit until its first write, then keeps the same user', async () => {
    const count = async (table: 'users' | 'sessions') =>
      Number(
        (
          await database.storage.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { users: await count('users'), sessions: await count('sessions') };
    const visitor = await openBrowser(app);
    for (let i = 0; i < 5; i += 1) await request(app).get('/api/user').expect(200);
    await visitor.get('/api/user').expect(200);
    expect({ users: await count('users'), sessions: await count('sessions') }).toEqual(before);

    await visitor.post('/api/create-checkout-session', { plan: 'pro_24hr' }).expect(200);
    expect({ users: await count('users'), sessions: await count('sessions') }).toEqual({
      users: before.users + 1,
      sessions: before.sessions + 1,
    });
    expect((await visitor.get('/api/user')).body.id).toBe(visitor.id);
    expect(await test.stores.users.findById(visitor.id)).toBeDefined();
  });

  it('knows the visitor again by the cookie, and ignores a forged one', async () => {
    const { cookie, id } = await openBrowser(app);
    const again = await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    expect(again.body.id).toBe(id);
    expect(again.headers['set-cookie']).toBeUndefined();
    const forged = await request(app)
      .get('/api/user')
      .set('Cookie', `tm_session=${'A'.repeat(43)}`)
      .expect(200);
    expect(forged.body.id).not.toBe(id);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secureApp = buildTestApp(
      createTestServices(database, { PUBLIC_URL: 'https://mail.example.com' }).services,
    );
    const response = await request(secureApp).get('/api/user').expect(200);
    expect((response.headers['set-cookie'] as unknown as string[])[0]).toMatch(/; Secure/);
  });

  it('says Pro only while a Pro plan has time left', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(isPro({ plan: 'free', proExpiresAt: null }, now)).toBe(false);
    expect(isPro({ plan: 'pro_24hr', proExpiresAt: now + 1 }, now)).toBe(true);
    expect(isPro({ plan: 'pro_monthly', proExpiresAt: now }, now)).toBe(false);
    expect(isPro({ plan: 'free', proExpiresAt: now + 1 }, now)).toBe(false);
  });

  it('reports a Pro user as Pro, with the expiry', async () => {
    const { cookie, id } = await openBrowser(app, { savedIn: test.services });
    const until = test.services.now() + 3_600_000;
    await test.stores.users.update(
      id,
      { plan: 'pro_24hr', proExpiresAt: until, email: 'buyer@example.com' },
      test.services.now(),
    );
    const response = await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    expect(response.body).toMatchObject({
      isPro: true,
      plan: 'pro_24hr',
      email: 'buyer@example.com',
      proExpiresAt: new Date(until).toISOString(),
    });
    test.advance(3_600_000);
    expect((await request(app).get('/api/user').set('Cookie', cookie)).body.isPro).toBe(false);
  });

  it('ends the session on logout: the old cookie is worth nothing, a new one replaces it', async () => {
    const { cookie, id } = await openBrowser(app, { savedIn: test.services });
    const out = await request(app)
      .post('/api/logout')
      .set('Cookie', cookie)
      .set('Origin', ORIGIN)
      .expect(200);
    expect(out.body).toEqual({ ok: true });
    const replaced = (out.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    expect(replaced).toMatch(/^tm_session=[A-Za-z0-9_-]{43}$/);
    expect(replaced).not.toBe(cookie);
    const after = await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    expect(after.body.id).not.toBe(id);
    // A read with the dead cookie hands out nothing: only the next write replaces it.
    expect(after.headers['set-cookie']).toBeUndefined();
    await request(app)
      .post('/api/create-checkout-session')
      .set('Cookie', cookie)
      .set('Origin', ORIGIN)
      .send({ plan: 'pro_24hr' })
      .expect(200)
      .expect('Set-Cookie', /^tm_session=/);
  });
});

describe('CSRF', () => {
  it('refuses state-changing calls without our Origin', async () => {
    const { cookie } = await openBrowser(app);
    const missing = await request(app).post('/api/logout').set('Cookie', cookie).expect(403);
    expect(missing.body.code).toBe('forbidden');
    const foreign = await request(app)
      .post('/api/logout')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(foreign.body.message).toContain('https://evil.example');
    await request(app).post('/api/logout').set('Cookie', cookie).set('Origin', ORIGIN).expect(200);
  });

  it('accepts only JSON bodies', async () => {
    await request(app)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('name=x')
      .expect(415);
  });
});

describe('domains', () => {
  it('lists our domains to a visitor with a session', async () => {
    const { cookie } = await openBrowser(app);
    const response = await request(app).get('/api/domains').set('Cookie', cookie).expect(200);
    expect(response.body).toEqual({ domains: ['tempmail.test', 'second.test'] });
    await request(app).get('/api/domains').expect(403);
  });
});

describe('contact', () => {
  it('stores the message and mails it to support, replying to the writer', async () => {
    const before = test.outbox().length;
    const { cookie } = await openBrowser(app);
    await request(app)
      .post('/api/contact')
      .set('Cookie', cookie)
      .set('Origin', ORIGIN)
      .send(contact)
      .expect(202, { ok: true });
    const mail = test.outbox().slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/^To: help@operator\.example$/m);
    expect(mail[0]!.text).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>$/m);
    expect(mail[0]!.text).toMatch(/^Subject: \[Contact\/pro_account\/high\] Forwarding$/m);
    expect(mail[0]!.text).toContain('My forwarding is pending.');
    expect(
      await test.stores.contact.countByEmailSince('ada@example.com', 0),
    ).toBeGreaterThanOrEqual(1);
  });

  it('wants name, email, subject and message, and the listed categories', async () => {
    const response = await request(app)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .send({ ...contact, email: 'not-an-email', category: 'gossip', subject: '' })
      .expect(400);
    expect(response.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      '/body/category',
      '/body/email',
      '/body/subject',
    ]);
  });

  it('limits messages per address with 429 and Retry-After', async () => {
    const limitedApp = buildTestApp(createTestServices(database).services);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await request(limitedApp).post('/api/contact').set('Origin', ORIGIN).send(contact)).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await request(limitedApp)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .send(contact)
      .expect(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('country look-up', () => {
  it('reads the CDN’s country header and maps it to a site language', async () => {
    const ask = (country?: string) => {
      const call = request(app).get('/api/geo/country');
      return (country === undefined ? call : call.set('CF-IPCountry', country)).expect(200);
    };
    expect((await ask('fr')).body).toEqual({ country: 'FR', language: 'fr' });
    expect((await ask('MX')).body).toEqual({ country: 'MX', language: 'es' });
    expect((await ask('AT')).body).toEqual({ country: 'AT', language: 'de' });
    expect((await ask('GB')).body).toEqual({ country: 'GB', language: 'en' });
    expect((await ask('JP')).body).toEqual({ country: 'JP', language: null });
    expect((await ask('XX')).body).toEqual({ country: null, language: null });
    expect((await ask('FRA')).body).toEqual({ country: null, language: null });
    expect((await ask()).body).toEqual({ country: null, language: null });
  });

  it('maps test_country instead of the header, for trying the detection', async () => {
    const answer = await request(app)
      .get('/api/geo/country?test_country=be')
      .set('CF-IPCountry', 'US')
      .expect(200);
    expect(answer.body).toEqual({ country: 'BE', language: 'fr' });
  });

  it('reads another header when configured', async () => {
    const proxied = buildTestApp(
      createTestServices(database, { COUNTRY_HEADER: 'X-Country-Code' }).services,
    );
    expect(
      (await request(proxied).get('/api/geo/country').set('X-Country-Code', 'de').expect(200)).body,
    ).toEqual({
      country: 'DE',
      language: 'de',
    });
  });
});
