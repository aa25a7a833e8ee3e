// Buying Pro on a server with no payment provider: the demo checkout runs the same
// fulfilment a real payment does.
import request from 'supertest';
import { ORIGIN, openBrowser, type TestBrowser } from '../support/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

const HOUR = 3_600_000;

let database: TestDatabase;
let test: ReturnType<typeof createTestServices>;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  test = createTestServices(database);
  app = buildTestApp(test.services);
});
afterAll(() => database?.dispose());

function sessionIdOf(url: string): string {
  // The page reads in the language the checkout was asked for in.
  const match = /\/demo-checkout\/([0-9a-f]{24})\?lang=(?:en|fr|es|de)$/.exec(url);
  expect(match, url).not.toBeNull();
  return match![1]!;
}

/** Starts a demo checkout for `plan` in the buyer's browser; the demo session's id. */
async function startCheckout(buyer: TestBrowser, plan: 'pro_24hr' | 'pro_monthly') {
  const { body } = await buyer.post('/api/create-checkout-session', { plan }).expect(200);
  return sessionIdOf(body.url);
}

describe('the demo checkout', () => {
  it('sells a 24-hour pass: checkout, demo page, complete, Pro for 24 hours', async () => {
    const buyer = await openBrowser(app);
    const id = await startCheckout(buyer, 'pro_24hr');

    const session = await buyer.get(`/api/demo-checkout/${id}`).expect(200);
    expect(session.body).toEqual({
      id,
      plan: 'pro_24hr',
      amount: 100,
      currency: 'usd',
      status: 'open',
      successUrl: `${ORIGIN}/pro/success?cs=${id}&lang=en`,
      cancelUrl: `${ORIGIN}/pro/cancel?lang=en`,
    });
    const verifyBefore = await buyer.get(`/api/checkout/success?session_id=${id}`).expect(200);
    expect(verifyBefore.body).toMatchObject({ status: 'pending', user: { isPro: false } });

    const done = await buyer
      .post(`/api/demo-checkout/${id}/complete`, { email: `buyer-${buyer.id}@example.com` })
      .expect(200);
    expect(done.body).toEqual({ url: `${ORIGIN}/pro/success?cs=${id}&lang=en` });
    const expected = new Date(test.services.now() + 24 * HOUR).toISOString();
    const verified = await buyer.get(`/api/checkout/success?session_id=${id}`).expect(200);
    expect(verified.body).toMatchObject({
      status: 'paid',
      plan: 'pro_24hr',
      user: { isPro: true, plan: 'pro_24hr', proExpiresAt: expected },
    });
    expect((await buyer.get('/api/user')).body).toMatchObject({
      isPro: true,
      proExpiresAt: expected,
    });

    // A payment completes once.
    const again = await buyer
      .post(`/api/demo-checkout/${id}/complete`, { email: `buyer-${buyer.id}@example.com` })
      .expect(409);
    expect(again.body.code).toBe('conflict');
  });

  it('sells the monthly plan through POST /api/checkout with its price and mode', async () => {
    const buyer = await openBrowser(app);
    await buyer
      .post('/api/checkout', { priceId: 'price_demo_monthly', mode: 'payment' })
      .expect(400);
    await buyer
      .post('/api/checkout', { priceId: 'price_elsewhere', mode: 'subscription' })
      .expect(400);
    const { body } = await buyer
      .post('/api/checkout', { priceId: 'price_demo_monthly', mode: 'subscription' })
      .expect(200);
    const id = sessionIdOf(body.url);
    expect((await buyer.get(`/api/demo-checkout/${id}`)).body).toMatchObject({
      plan: 'pro_monthly',
      amount: 300,
    });
    await buyer
      .post(`/api/demo-checkout/${id}/complete`, { email: `buyer-${buyer.id}@example.com` })
      .expect(200);
    const user = (await buyer.get('/api/user')).body;
    expect(user).toMatchObject({ isPro: true, plan: 'pro_monthly' });
    expect(Date.parse(user.proExpiresAt) - test.services.now()).toBe(30 * 24 * HOUR);
    expect(await test.stores.billing.findLatestSubscription(buyer.id)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });

  it('refuses an email at an IP address or a bare host name, and completes nothing', async () => {
    const buyer = await openBrowser(app);
    const id = await startCheckout(buyer, 'pro_24hr');
    for (const email of ['x@127.0.0.1', 'x@vm']) {
      const refused = await buyer.post(`/api/demo-checkout/${id}/complete`, { email }).expect(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    expect((await buyer.get(`/api/demo-checkout/${id}`)).body.status).toBe('open');
    expect((await buyer.get('/api/user')).body.isPro).toBe(false);
  });

  it('cancels without charging or upgrading', async () => {
    const buyer = await openBrowser(app);
    const id = await startCheckout(buyer, 'pro_monthly');
    expect((await buyer.post(`/api/demo-checkout/${id}/cancel`).expect(200)).body).toEqual({
      url: `${ORIGIN}/pro/cancel?lang=en`,
    });
    expect((await buyer.get(`/api/checkout/success?session_id=${id}`)).body).toMatchObject({
      status: 'canceled',
      user: { isPro: false },
    });
    await buyer
      .post(`/api/demo-checkout/${id}/complete`, { email: `buyer-${buyer.id}@example.com` })
      .expect(409);
  });

  it('extends Pro time with a second pass, and moves the user’s mailboxes with it', async () => {
    const buyer = await openBrowser(app, { savedIn: test.services });
    const mailbox = await test.stores.mailboxes.create({
      address: `pro-${buyer.id}@tempmail.test`,
      passwordHash: 'x',
      ownerUserId: buyer.id,
      now: test.services.now(),
      expiresAt: test.services.now() + HOUR,
    });
    for (let i = 0; i < 2; i += 1) {
      const id = await startCheckout(buyer, 'pro_24hr');
      await buyer
        .post(`/api/demo-checkout/${id}/complete`, { email: `buyer-${buyer.id}@example.com` })
        .expect(200);
    }
    const until = test.services.now() + 48 * HOUR;
    expect((await buyer.get('/api/user')).body.proExpiresAt).toBe(new Date(until).toISOString());
    expect((await test.stores.mailboxes.findById(mailbox.id))?.expiresAt).toBe(until);
  });

  it('shows nobody else’s checkout', async () => {
    const buyer = await openBrowser(app);
    const stranger = await openBrowser(app);
    const id = await startCheckout(buyer, 'pro_24hr');
    await stranger.get(`/api/demo-checkout/${id}`).expect(404);
    await stranger
      .post(`/api/demo-checkout/${id}/complete`, { email: `buyer-${buyer.id}@example.com` })
      .expect(404);
    await stranger.get(`/api/checkout/success?session_id=${id}`).expect(404);
  });

  it('serves a demo page that says it is a demo', async () => {
    const buyer = await openBrowser(app);
    const id = await startCheckout(buyer, 'pro_24hr');
    const page = await request(app)
      .get(`/demo-checkout/${id}`)
      .expect(200)
      .expect('Content-Type', /html/);
    expect(page.text).toContain('Demo checkout.');
    expect(page.text).toContain('nothing is charged');
    await request(app).get('/demo-checkout/not-an-id').expect(404);
  });
});
