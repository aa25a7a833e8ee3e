// "Manage billing" on a server with no payment provider: a monthly subscriber of the demo
// checkout is sent to the demo billing portal, which cancels at the period's end and resumes
// as Stripe's portal does, for that browser's subscriber only.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPro, openBrowser, ORIGIN, type TestBrowser } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

const DAY = 24 * 3_600_000;

describe.each(testBackends)('on $name', (backend) => {
  let database: TestDatabase;
  let test: ReturnType<typeof createTestServices>;
  let app: ReturnType<typeof buildTestApp>;
  let buyers = 0;

  beforeAll(async () => {
    database = await backend.open();
    test = createTestServices(database);
    app = buildTestApp(test.services);
  });
  afterAll(() => database?.dispose());

  const subscriber = (plan: 'pro_monthly' | 'pro_24hr' = 'pro_monthly') =>
    buyPro(app, `portal-${++buyers}@example.com`, plan);

  /** What the profile reads. */
  const userOf = async (browser: TestBrowser) => (await browser.get('/api/user').expect(200)).body;

  it('sends a demo monthly subscriber to the demo billing portal', async () => {
    const buyer = await subscriber();
    const portal = await buyer.get('/api/billing-portal').expect(200);
    // In the language it was asked for in, as Stripe's portal is.
    expect(portal.body).toEqual({ url: `${ORIGIN}/demo-billing?lang=en` });

    const shown = await buyer.get('/api/demo-billing').expect(200);
    expect(shown.body).toEqual({
      plan: 'pro_monthly',
      amount: 300,
      currency: 'usd',
      currentPeriodEnd: new Date(test.services.now() + 30 * DAY).toISOString(),
      cancelAtPeriodEnd: false,
      returnUrl: `${ORIGIN}/`,
    });
  });

  it('cancels at the period’s end, keeping Pro until then, and resumes', async () => {
    const buyer = await subscriber();
    const before = await userOf(buyer);
    const periodEnd = (await buyer.get('/api/demo-billing').expect(200)).body.currentPeriodEnd;
    expect(before.proExpiresAt).toBe(periodEnd);

    const cancelled = await buyer.post('/api/demo-billing/cancel').expect(200);
    expect(cancelled.body).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
    expect((await buyer.get('/api/demo-billing').expect(200)).body.cancelAtPeriodEnd).toBe(true);
    // Stored as a Stripe update with cancel_at_period_end is: still active, Pro to the end.
    expect(await test.stores.billing.findLatestSubscription(buyer.id)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    // Still Pro to the same end; the profile now says it ends then instead of renewing.
    expect(await userOf(buyer)).toEqual({ ...before, proRenews: false });
    // Cancelling twice changes nothing.
    await buyer.post('/api/demo-billing/cancel').expect(200);

    const resumed = await buyer.post('/api/demo-billing/resume').expect(200);
    expect(resumed.body).toMatchObject({ cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd });
    expect((await buyer.get('/api/demo-billing').expect(200)).body.cancelAtPeriodEnd).toBe(false);
    expect(await userOf(buyer)).toEqual(before);
    expect(before.proRenews).toBe(true);

    // The cancelled period runs out: Pro ends, and with it the portal.
    await buyer.post('/api/demo-billing/cancel').expect(200);
    test.advance(Date.parse(periodEnd) - test.services.now());
    expect(await userOf(buyer)).toMatchObject({ isPro: false, plan: 'pro_monthly' });
    expect((await buyer.get('/api/demo-billing').expect(403)).body.code).toBe('pro_required');
    expect((await buyer.get('/api/billing-portal').expect(403)).body.code).toBe('pro_required');
  });

  it('renews at the period’s end what was not cancelled, as a payment provider would', async () => {
    const renewing = await subscriber();
    const cancelling = await subscriber();
    await cancelling.post('/api/demo-billing/cancel').expect(200);
    const periodEnd = Date.parse(
      (await renewing.get('/api/demo-billing').expect(200)).body.currentPeriodEnd,
    );
    // Nothing of these two is due before their period ends (earlier tests' may be: the clock
    // has moved for them).
    await test.services.billing.renewDemoSubscriptions(test.services.now());
    expect(await test.services.billing.renewDemoSubscriptions(test.services.now())).toBe(0);
    expect(Date.parse((await userOf(renewing)).proExpiresAt)).toBe(periodEnd);

    // The worker comes by a day after the end.
    test.advance(periodEnd + DAY - test.services.now());
    expect(await test.services.billing.renewDemoSubscriptions(test.services.now())).toBeGreaterThan(
      0,
    );
    const nextEnd = new Date(periodEnd + 30 * DAY).toISOString();
    expect(await userOf(renewing)).toMatchObject({ isPro: true, proExpiresAt: nextEnd });
    expect((await renewing.get('/api/demo-billing').expect(200)).body.currentPeriodEnd).toBe(
      nextEnd,
    );
    expect(await userOf(cancelling)).toMatchObject({ isPro: false });

    // Only the demo's own: an id that merely looks like one (LIKE's `_` is a wildcard) is not.
    const lookalike = await openBrowser(app, { savedIn: test.services });
    await test.stores.billing.saveSubscription({
      id: `demoXsubX${lookalike.id}`,
      userId: lookalike.id,
      plan: 'pro_monthly',
      status: 'active',
      currentPeriodEnd: test.services.now() - DAY,
      cancelAtPeriodEnd: false,
      updatedAt: test.services.now(),
    });

    // Renewed once: a second round finds nothing due.
    expect(await test.services.billing.renewDemoSubscriptions(test.services.now())).toBe(0);
    expect((await userOf(renewing)).proExpiresAt).toBe(nextEnd);
  });

  it('refuses free users and pass holders, as the billing portal does', async () => {
    const free = await openBrowser(app);
    const pass = await subscriber('pro_24hr');
    for (const [browser, code] of [
      [free, 'pro_required'],
      [pass, 'forbidden'],
    ] as const) {
      expect((await browser.get('/api/billing-portal').expect(403)).body.code).toBe(code);
      expect((await browser.get('/api/demo-billing').expect(403)).body.code).toBe(code);
      expect((await browser.post('/api/demo-billing/cancel').expect(403)).body.code).toBe(code);
      expect((await browser.post('/api/demo-billing/resume').expect(403)).body.code).toBe(code);
    }
    // A pass ends; nothing renews it.
    expect(await userOf(pass)).toMatchObject({ isPro: true, plan: 'pro_24hr', proRenews: false });
    const anonymous = await request(app).get('/api/demo-billing').expect(403);
    expect(anonymous.body.code).toBe('forbidden');
  });

  it('changes only the calling browser’s subscription, and only from our own pages', async () => {
    const buyer = await subscriber();
    const stranger = await openBrowser(app);
    await stranger.post('/api/demo-billing/cancel').expect(403);
    for (const origin of ['https://evil.example', undefined]) {
      const call = request(app).post('/api/demo-billing/cancel').set('Cookie', buyer.cookie);
      const refused = await (origin ? call.set('Origin', origin) : call).expect(403);
      expect(refused.body.code).toBe('forbidden');
    }
    expect((await buyer.get('/api/demo-billing').expect(200)).body.cancelAtPeriodEnd).toBe(false);
  });

  it('has nothing to manage for a monthly plan the demo checkout did not start', async () => {
    const browser = await openBrowser(app, { savedIn: test.services });
    const now = test.services.now();
    await test.stores.users.update(
      browser.id,
      { plan: 'pro_monthly', proExpiresAt: now + 30 * DAY },
      now,
    );
    await test.stores.billing.saveSubscription({
      id: `sub_from_stripe_${browser.id}`,
      userId: browser.id,
      plan: 'pro_monthly',
      status: 'active',
      currentPeriodEnd: now + 30 * DAY,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    });
    expect((await browser.get('/api/billing-portal').expect(404)).body.code).toBe('not_found');
    await browser.get('/api/demo-billing').expect(404);
    await browser.post('/api/demo-billing/cancel').expect(404);
    await browser.post('/api/demo-billing/resume').expect(404);
  });
});
