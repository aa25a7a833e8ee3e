// Payments through Stripe: the real SDK against a local fake Stripe server, and webhook
// payloads signed with the webhook secret, as Stripe signs them.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import { ORIGIN, openBrowser, type TestBrowser } from '../support/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { textsIn } from '../../src/features/languages/server-texts.js';
import { RENEWAL_GRACE_MS } from '../../src/features/billing/stripe-billing.js';
import { mailsTo } from '../support/mailed-links.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

const WEBHOOK_SECRET = 'whsec_test_fake_signing_secret';
const DAY = 24 * 3_600_000;

let database: TestDatabase;
let fake: FakeStripe;
let test: ReturnType<typeof createTestServices>;
let app: ReturnType<typeof buildTestApp>;
const signer = new Stripe('sk_test_signer_only');

beforeAll(async () => {
  fake = await startFakeStripe();
  database = await testBackends[0]!.open();
  test = createTestServices(database, {
    STRIPE_SECRET_KEY: 'sk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    STRIPE_PRICE_MONTHLY: 'price_monthly_test',
    STRIPE_PRICE_PASS: 'price_pass_test',
  });
  app = buildTestApp(test.services);
});
afterAll(async () => {
  await database?.dispose();
  await fake?.close();
});

/** Posts an event to the webhook, signed as Stripe would (or with a wrong secret). */
function webhook(
  type: string,
  object: { id: string },
  options: { eventId?: string; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(test.services.now() / 1000),
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return request(app)
    .post('/api/stripe/webhook')
    .set('Stripe-Signature', signature)
    .set('Content-Type', 'application/json')
    .send(payload);
}

/** Starts a Stripe checkout for `plan`; returns the session id Stripe made. */
async function checkout(buyer: TestBrowser, plan: 'pro_24hr' | 'pro_monthly') {
  const { body } = await buyer.post('/api/create-checkout-session', { plan }).expect(200);
  expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\//);
  const sent = fake.created.at(-1)!;
  expect(sent).toMatchObject({
    mode: plan === 'pro_24hr' ? 'payment' : 'subscription',
    'line_items[0][price]': plan === 'pro_24hr' ? 'price_pass_test' : 'price_monthly_test',
    'line_items[0][quantity]': '1',
    success_url: `${ORIGIN}/pro/success?cs={CHECKOUT_SESSION_ID}&lang=en`,
    cancel_url: `${ORIGIN}/pro/cancel?lang=en`,
    client_reference_id: buyer.id,
    locale: 'en',
  });
  const payment = await test.stores.billing.findPayment(
    [
      ...(await database.storage.db
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', buyer.id)
        .execute()),
    ].at(-1)!.id,
  );
  return payment!.id;
}

/**
 * A monthly subscription paid at Stripe for a fresh buyer, its first period 30 days, and
 * confirmed by the checkout's webhook unless `confirmed` is false.
 */
async function subscribeMonthly(email: string, { confirmed = true } = {}) {
  const buyer = await openBrowser(app);
  const sessionId = await checkout(buyer, 'pro_monthly');
  const firstEnd = test.services.now() + 30 * DAY;
  const { subscriptionId } = fake.pay(sessionId, { email, periodEnd: firstEnd });
  if (confirmed) await webhook('checkout.session.completed', { id: sessionId }).expect(200);
  return { buyer, subscriptionId: subscriptionId!, firstEnd };
}

describe('Stripe checkout', () => {
  it('sells a pass: paid at Stripe, confirmed by the webhook, once whatever the redeliveries', async () => {
    const buyer = await openBrowser(app);
    const sessionId = await checkout(buyer, 'pro_24hr');
    expect((await buyer.get(`/api/checkout/success?session_id=${sessionId}`)).body.status).toBe(
      'pending',
    );

    fake.pay(sessionId, { email: 'Pass.Buyer@example.com' });
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    await webhook('checkout.session.completed', { id: sessionId }, { eventId }).expect(200, {
      received: true,
    });
    const user = (await buyer.get('/api/user')).body;
    // The email typed at Stripe is only offered: it joins the account once its link is opened.
    expect(user).toMatchObject({ isPro: true, plan: 'pro_24hr', email: null });
    const offers = await mailsTo(test, 'pass.buyer@example.com');
    expect(offers).toHaveLength(1);
    expect(offers[0]!.text).toMatch(/\/confirm-email\?token=/);
    expect(Date.parse(user.proExpiresAt)).toBe(test.services.now() + DAY);
    expect((await test.stores.users.findById(buyer.id))?.stripeCustomerId).toMatch(/^cus_test_/);

    // Stripe delivers at least once: the same event, and a new one for the same session.
    await webhook('checkout.session.completed', { id: sessionId }, { eventId }).expect(200);
    await webhook('checkout.session.completed', { id: sessionId }).expect(200);
    expect((await buyer.get('/api/user')).body.proExpiresAt).toBe(user.proExpiresAt);
    expect((await buyer.get(`/api/checkout/success?session_id=${sessionId}`)).body).toMatchObject({
      status: 'paid',
    });
  });

  it('speaks the buyer’s language at Stripe and in the mail after the payment', async () => {
    const buyer = await openBrowser(app);
    await buyer
      .post('/api/create-checkout-session', { plan: 'pro_24hr' })
      .set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.5')
      .expect(200);
    const sent = fake.created.at(-1)!;
    expect(sent).toMatchObject({ locale: 'fr', 'metadata[language]': 'fr' });

    // The webhook carries no language: the mail reads it back from the session at Stripe.
    fake.pay(sent.session_id!, { email: 'acheteur@example.com' });
    await webhook('checkout.session.completed', { id: sent.session_id! }).expect(200);
    const [offer] = await mailsTo(test, 'acheteur@example.com');
    expect(offer!.subject).toBe(textsIn('fr').mails.confirmPurchaseEmail.subject);
    expect(offer!.text).toMatch(/\/confirm-email\?token=[\w-]{43}&lang=fr\n/);
  });

  it('upgrades from the success page even before the webhook arrives', async () => {
    const buyer = await openBrowser(app);
    const sessionId = await checkout(buyer, 'pro_monthly');
    const periodEnd = test.services.now() + 30 * DAY;
    fake.pay(sessionId, { email: 'monthly@example.com', periodEnd });
    const verified = await buyer.get(`/api/checkout/success?session_id=${sessionId}`).expect(200);
    expect(verified.body).toMatchObject({
      status: 'paid',
      plan: 'pro_monthly',
      user: { isPro: true, plan: 'pro_monthly' },
    });
    expect(Date.parse(verified.body.user.proExpiresAt)).toBe(periodEnd);
    await webhook('checkout.session.completed', { id: sessionId }).expect(200);
    expect(Date.parse((await buyer.get('/api/user')).body.proExpiresAt)).toBe(periodEnd);
  });

  it('renews on invoice.paid, ignores stale event bodies, and keeps Pro to the end of a cancelled period', async () => {
    const { buyer, subscriptionId, firstEnd } = await subscribeMonthly('renews@example.com');

    const secondEnd = firstEnd + 30 * DAY;
    const invoiceId = fake.renew(subscriptionId, secondEnd);
    await webhook('invoice.paid', { id: invoiceId }).expect(200);
    expect(Date.parse((await buyer.get('/api/user')).body.proExpiresAt)).toBe(secondEnd);

    // An old update arrives late, its body describing the first period: the truth is re-read.
    await webhook('customer.subscription.updated', {
      id: subscriptionId,
      items: { data: [{ current_period_end: Math.floor(firstEnd / 1000) }] },
    } as { id: string }).expect(200);
    expect(Date.parse((await buyer.get('/api/user')).body.proExpiresAt)).toBe(secondEnd);

    fake.cancelAtPeriodEnd(subscriptionId);
    await webhook('customer.subscription.updated', { id: subscriptionId }).expect(200);
    expect(await test.stores.billing.findSubscription(subscriptionId)).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    fake.end(subscriptionId);
    await webhook('customer.subscription.deleted', { id: subscriptionId }).expect(200);
    expect((await buyer.get('/api/user')).body).toMatchObject({ isPro: true, plan: 'pro_monthly' });

    test.advance(secondEnd - test.services.now());
    expect((await buyer.get('/api/user')).body.isPro).toBe(false);
  });

  it('gives a renewal only once its invoice is paid, a grace meanwhile, and ends a refunded subscription at once', async () => {
    const { buyer, subscriptionId, firstEnd } = await subscribeMonthly('fails@example.com');
    const proUntil = async () => Date.parse((await buyer.get('/api/user')).body.proExpiresAt);
    expect(await proUntil()).toBe(firstEnd);

    // Stripe moves the period on with the renewal's invoice, before charging it: that alone
    // buys only the grace, while the charge is tried, and again when it fails.
    const secondEnd = firstEnd + 30 * DAY;
    fake.renewUnpaid(subscriptionId, secondEnd, 'active');
    await webhook('customer.subscription.updated', { id: subscriptionId }).expect(200);
    expect(await proUntil()).toBe(firstEnd + RENEWAL_GRACE_MS);
    fake.setStatus(subscriptionId, 'past_due');
    await webhook('customer.subscription.updated', { id: subscriptionId }).expect(200);
    expect(await proUntil()).toBe(firstEnd + RENEWAL_GRACE_MS);

    // A retry passes: the whole period.
    const paid = fake.payLatestInvoice(subscriptionId);
    await webhook('invoice.paid', { id: paid }).expect(200);
    expect(await proUntil()).toBe(secondEnd);

    // Refunded and ended at once from Stripe's dashboard: Pro ends with it.
    fake.end(subscriptionId, test.services.now());
    await webhook('customer.subscription.deleted', { id: subscriptionId }).expect(200);
    expect((await buyer.get('/api/user')).body.isPro).toBe(false);
  });

  it('takes back only what an ended subscription gave, once: a pass bought on top stays', async () => {
    const { buyer, subscriptionId, firstEnd } = await subscribeMonthly('stacked@example.com');
    const proUntil = async () => Date.parse((await buyer.get('/api/user')).body.proExpiresAt);
    // A pass bought on top runs from the period's end.
    const pass = await checkout(buyer, 'pro_24hr');
    fake.pay(pass, { email: 'stacked@example.com' });
    await webhook('checkout.session.completed', { id: pass }).expect(200);
    expect(await proUntil()).toBe(firstEnd + DAY);

    // Refunded ten days in: the month's remaining twenty days go, the pass's day stays, and
    // the same end told again (another event id) takes nothing more.
    const refundedAt = test.services.now() + 10 * DAY;
    fake.end(subscriptionId, refundedAt);
    await webhook('customer.subscription.deleted', { id: subscriptionId }).expect(200);
    expect(await proUntil()).toBe(refundedAt + DAY);
    await webhook('customer.subscription.deleted', { id: subscriptionId }).expect(200);
    expect(await proUntil()).toBe(refundedAt + DAY);
  });

  it('gives nothing for a subscription whose first payment never went through, and takes nothing', async () => {
    const { buyer, subscriptionId } = await subscribeMonthly('incomplete@example.com', {
      confirmed: false,
    });
    fake.setStatus(subscriptionId, 'incomplete');
    await webhook('customer.subscription.updated', { id: subscriptionId }).expect(200);
    expect((await buyer.get('/api/user')).body.isPro).toBe(false);

    // A pass bought meanwhile is left alone when the subscription expires unpaid.
    const pass = await checkout(buyer, 'pro_24hr');
    fake.pay(pass, { email: 'incomplete@example.com' });
    await webhook('checkout.session.completed', { id: pass }).expect(200);
    fake.setStatus(subscriptionId, 'incomplete_expired');
    await webhook('customer.subscription.updated', { id: subscriptionId }).expect(200);
    expect((await buyer.get('/api/user')).body).toMatchObject({ isPro: true, plan: 'pro_24hr' });
    expect(Date.parse((await buyer.get('/api/user')).body.proExpiresAt)).toBe(
      test.services.now() + DAY,
    );
  });

  it('leaves an event it could not handle to Stripe’s redelivery', async () => {
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    // Stripe does not know this session: handling fails, so the event must not count as seen.
    await webhook('checkout.session.completed', { id: 'cs_test_unknown' }, { eventId }).expect(500);
    expect(await test.stores.billing.hasEvent(eventId)).toBe(false);
  });

  it('refuses webhooks that Stripe did not sign', async () => {
    await webhook(
      'checkout.session.completed',
      { id: 'cs_test_x' },
      { secret: 'whsec_someone_else' },
    ).expect(400);
    const unsigned = await request(app)
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', 't=1,v1=00')
      .send({
        id: 'evt_x',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_test_x' } },
      })
      .expect(400);
    expect(unsigned.body.code).toBe('bad_request');
  });

  it('opens the billing portal for monthly subscribers only, and hides the demo ones', async () => {
    const monthly = await openBrowser(app);
    const sessionId = await checkout(monthly, 'pro_monthly');
    fake.pay(sessionId, { email: 'portal@example.com', periodEnd: test.services.now() + 30 * DAY });
    await monthly.get(`/api/checkout/success?session_id=${sessionId}`).expect(200);
    const portal = await monthly.get('/api/billing-portal').expect(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/session\/cus_test_/);

    const pass = await openBrowser(app);
    const passSession = await checkout(pass, 'pro_24hr');
    fake.pay(passSession, { email: 'pass-portal@example.com' });
    await pass.get(`/api/checkout/success?session_id=${passSession}`).expect(200);
    expect((await pass.get('/api/billing-portal').expect(403)).body.code).toBe('forbidden');
    expect((await (await openBrowser(app)).get('/api/billing-portal').expect(403)).body.code).toBe(
      'pro_required',
    );

    await monthly.get(`/api/demo-checkout/${'0'.repeat(24)}`).expect(404);
    await monthly.get('/api/demo-billing').expect(404);
    await monthly.post('/api/demo-billing/cancel').expect(404);
    await monthly.post('/api/demo-billing/resume').expect(404);
  });
});
