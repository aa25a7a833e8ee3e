// A purchase never hands over an account: an attacker who buys with a victim's email, before
// or after the victim, gains nothing of the victim's and gives the victim nothing of theirs.
// Attacker and victim are two browsers (two cookie jars); both checkouts are exercised, the
// demo one and Stripe's SDK against a local fake Stripe server.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type TestBrowser } from '../support/browser.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { linkMailedBy, mailsTo } from '../support/mailed-links.js';
import { testBackends, type TestBackend } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

const WEBHOOK_SECRET = 'whsec_test_takeover';
const HOUR = 3_600_000;

interface Shop {
  test: ReturnType<typeof createTestServices>;
  app: ReturnType<typeof buildTestApp>;
  /**
   * `browser` buys `plan`, giving `email` at checkout; resolves once it is paid, with the
   * checkout's id.
   */
  buy(browser: TestBrowser, plan: 'pro_24hr' | 'pro_monthly', email: string): Promise<string>;
}

let fake: FakeStripe;
let counter = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake?.close());

/** The demo shop and the Stripe shop, both on one database of `backend`'s kind. */
async function openShops(backend: TestBackend) {
  const database = await backend.open();

  const demoTest = createTestServices(database);
  const demoApp = buildTestApp(demoTest.services);
  const demo: Shop = {
    test: demoTest,
    app: demoApp,
    async buy(browser, plan, email) {
      const { body } = await browser.post('/api/create-checkout-session', { plan }).expect(200);
      const sessionId = new URL(body.url).pathname.split('/').pop()!;
      await browser.post(`/api/demo-checkout/${sessionId}/complete`, { email }).expect(200);
      return sessionId;
    },
  };

  const stripeTest = createTestServices(database, {
    STRIPE_SECRET_KEY: 'sk_test_takeover',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  const stripeApp = buildTestApp(stripeTest.services);
  const signer = new Stripe('sk_test_signer_only');
  const stripe: Shop = {
    test: stripeTest,
    app: stripeApp,
    async buy(browser, plan, email) {
      await browser.post('/api/create-checkout-session', { plan }).expect(200);
      const sessionId = fake.created.at(-1)!.session_id!;
      fake.pay(sessionId, { email, periodEnd: stripeTest.services.now() + 30 * 24 * HOUR });
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(stripeTest.services.now() / 1000),
        data: { object: { id: sessionId } },
      });
      await request(stripeApp)
        .post('/api/stripe/webhook')
        .set(
          'Stripe-Signature',
          signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        )
        .set('Content-Type', 'application/json')
        .send(payload)
        .expect(200);
      // The buyer comes back to the success page, which verifies the payment.
      await browser.get(`/api/checkout/success?session_id=${sessionId}`).expect(200);
      return sessionId;
    },
  };
  return { demo, stripe, dispose: () => database.dispose() };
}

const user = async (browser: TestBrowser) => (await browser.get('/api/user').expect(200)).body;

describe.each(testBackends)('on $name', (backend) => {
  let shops: Awaited<ReturnType<typeof openShops>>;
  beforeAll(async () => {
    shops = await openShops(backend);
  });
  afterAll(() => shops?.dispose());

  describe.each([
    ['the demo checkout', () => shops.demo],
    ['Stripe', () => shops.stripe],
  ])('buying with someone else’s email, through %s', (_name, shopOf) => {
    it('attacker first: the victim’s purchase and sign-in never reach the attacker’s account', async () => {
      const shop = shopOf();
      const victimEmail = `victim${++counter}@example.com`;
      const attacker = await openBrowser(shop.app);
      const victim = await openBrowser(shop.app);

      // The attacker pays with the victim's email: the Pro time is the attacker's own, and the
      // email is only offered to its owner, by a link the attacker cannot read.
      const offered = await linkMailedBy(shop.test, victimEmail, '/confirm-email', () =>
        shop.buy(attacker, 'pro_24hr', victimEmail),
      );
      const attackerAfter = await user(attacker);
      expect(attackerAfter).toMatchObject({ id: attacker.id, isPro: true, email: null });

      // The victim, who reads that mail, cannot be tricked into giving the email away: the
      // link works only in the browser that paid.
      const refused = await victim.post('/api/confirm-email', { token: offered }).expect(403);
      expect(refused.body.code).toBe('wrong_browser');

      // The victim buys and confirms in their own browser: their own account, their email.
      const own = await linkMailedBy(shop.test, victimEmail, '/confirm-email', () =>
        shop.buy(victim, 'pro_monthly', victimEmail),
      );
      await victim.post('/api/confirm-email', { token: own }).expect(200);
      expect(await user(victim)).toMatchObject({
        id: victim.id,
        isPro: true,
        plan: 'pro_monthly',
        email: victimEmail,
      });
      // The attacker's account gained nothing from the victim's payment.
      expect(await user(attacker)).toMatchObject({
        isPro: true,
        plan: 'pro_24hr',
        email: null,
        proExpiresAt: attackerAfter.proExpiresAt,
      });
      // Even holding the first link now, the attacker's browser cannot take the email.
      const taken = await attacker.post('/api/confirm-email', { token: offered }).expect(409);
      expect(taken.body.code).toBe('conflict');

      // The victim's sign-in link, on a new device, signs in to the victim's account.
      const phone = await openBrowser(shop.app);
      const link = await linkMailedBy(shop.test, victimEmail, '/sign-in', () =>
        phone.post('/api/access-recovery', { email: victimEmail }).expect(202),
      );
      await phone.post('/api/access-recovery/redeem', { token: link }).expect(200);
      expect((await user(phone)).id).toBe(victim.id);
    });

    it('victim first: the attacker’s purchase with the victim’s email changes nothing for anyone', async () => {
      const shop = shopOf();
      const victimEmail = `owner${++counter}@example.com`;
      const victim = await openBrowser(shop.app);
      const attacker = await openBrowser(shop.app);
      const own = await linkMailedBy(shop.test, victimEmail, '/confirm-email', () =>
        shop.buy(victim, 'pro_monthly', victimEmail),
      );
      await victim.post('/api/confirm-email', { token: own }).expect(200);
      const victimBefore = await user(victim);

      const mailsBefore = (await mailsTo(shop.test, victimEmail)).length;
      const checkout = await shop.buy(attacker, 'pro_24hr', victimEmail);
      // The attacker's own account is Pro; the victim's account is exactly as it was.
      expect(await user(attacker)).toMatchObject({ id: attacker.id, isPro: true, email: null });
      expect(await user(victim)).toEqual(victimBefore);
      // The email's owner is told, with no link that could confirm anything.
      await expect
        .poll(async () => (await mailsTo(shop.test, victimEmail)).length)
        .toBe(mailsBefore + 1);
      const notice = (await mailsTo(shop.test, victimEmail)).at(-1)!;
      expect(notice.text).toMatch(/already\s+signs in to a TempMail account/);
      expect(notice.text).not.toMatch(/token=/);

      // The attacker's success page reads as it would for an email nobody has: it cannot
      // tell that this one has an account.
      const success = async (browser: TestBrowser, sessionId: string) => {
        const { body } = await browser
          .get(`/api/checkout/success?session_id=${sessionId}`)
          .expect(200);
        return { status: body.status, plan: body.plan, pendingEmail: body.pendingEmail };
      };
      expect(await success(attacker, checkout)).toEqual({
        status: 'paid',
        plan: 'pro_24hr',
        pendingEmail: victimEmail,
      });
      const freshEmail = `nobody${++counter}@example.com`;
      const stranger = await openBrowser(shop.app);
      const strangers = await shop.buy(stranger, 'pro_24hr', freshEmail);
      expect(await success(stranger, strangers)).toEqual({
        status: 'paid',
        plan: 'pro_24hr',
        pendingEmail: freshEmail,
      });
    });
  });

  describe('finishing a purchase', () => {
    it('gives the browser a new session and ends the one it paid from', async () => {
      for (const shop of [shops.demo, shops.stripe]) {
        const buyer = await openBrowser(shop.app);
        await buyer.post('/api/create-checkout-session', { plan: 'pro_24hr' }).expect(200);
        const before = buyer.cookie;
        await shop.buy(buyer, 'pro_24hr', `renewed${++counter}@example.com`);
        expect(buyer.cookie).not.toBe(before);
        expect(await user(buyer)).toMatchObject({ id: buyer.id, isPro: true });
        const old = await request(shop.app).get('/api/user').set('Cookie', before).expect(200);
        expect(old.body).toMatchObject({ isPro: false });
        expect(old.body.id).not.toBe(buyer.id);
      }
    });
  });
});
