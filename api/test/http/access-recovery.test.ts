// "Already Pro? Sign in with your email": a one-time link by mail restores Pro in a new browser.
import request from 'supertest';
import { ORIGIN, openBrowser } from '../support/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/features/messages/parse-message.js';
import { RECOVERY_LINK_LIFETIME_MS } from '../../src/features/recovery/access-recovery.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

let database: TestDatabase;
let test: ReturnType<typeof createTestServices>;
let app: ReturnType<typeof buildTestApp>;
let counter = 0;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  test = createTestServices(database);
  app = buildTestApp(test.services);
});
afterAll(() => database?.dispose());

/** A Pro account bought through the demo checkout; returns its email and user id. */
async function buyPass(email = `pro${++counter}@example.com`) {
  const buyer = await openBrowser(app);
  const { body } = await buyer
    .post('/api/create-checkout-session', { plan: 'pro_24hr' })
    .expect(200);
  const id = body.url.split('/').pop();
  await buyer.post(`/api/demo-checkout/${id}/complete`, { email }).expect(200);
  return { email, userId: (await buyer.get('/api/user')).body.id as string, buyer };
}

/** The sign-in token in the newest mail to `email`, read as a mail client would. */
async function tokenMailedTo(email: string): Promise<string> {
  const mails = await Promise.all(
    test.outbox().map((entry) => parseMessage(new Uint8Array(Buffer.from(entry.text)))),
  );
  const mail = mails.filter((parsed) => parsed.to.some((to) => to.address === email)).at(-1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const link = /\/\?access_token=([A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(link, mail!.text).not.toBeNull();
  return link![1]!;
}

describe('access recovery', () => {
  it('restores Pro in a fresh browser through the link in the mail', async () => {
    const { email, userId } = await buyPass();
    const phone = await openBrowser(app);
    expect((await phone.get('/api/user')).body.isPro).toBe(false);

    await phone
      .post('/api/access-recovery', { email: email.toUpperCase() })
      .expect(202, { ok: true });
    const token = await tokenMailedTo(email);
    // A mail scanner fetching the link must not use it up: only the page's POST does.
    await request(app).get(`/?access_token=${token}`);

    const redeemed = await phone.post('/api/access-recovery/redeem', { token }).expect(200);
    expect(redeemed.body).toMatchObject({ id: userId, isPro: true, email });
    expect((await phone.get('/api/user')).body).toMatchObject({ id: userId, isPro: true });
  });

  it('opens a session for a browser that had none', async () => {
    const { email, userId, buyer } = await buyPass();
    await buyer.post('/api/access-recovery', { email }).expect(202);
    const response = await request(app)
      .post('/api/access-recovery/redeem')
      .set('Origin', ORIGIN)
      .send({ token: await tokenMailedTo(email) })
      .expect(200);
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    expect((await request(app).get('/api/user').set('Cookie', cookie)).body.id).toBe(userId);
  });

  it('works once, and not after 15 minutes', async () => {
    const { email } = await buyPass();
    const phone = await openBrowser(app);
    await phone.post('/api/access-recovery', { email }).expect(202);
    const used = await tokenMailedTo(email);
    await phone.post('/api/access-recovery/redeem', { token: used }).expect(200);
    await phone.post('/api/access-recovery/redeem', { token: used }).expect(404);

    await phone.post('/api/access-recovery', { email }).expect(202);
    const late = await tokenMailedTo(email);
    test.advance(RECOVERY_LINK_LIFETIME_MS);
    const refused = await phone.post('/api/access-recovery/redeem', { token: late }).expect(404);
    expect(refused.body.code).toBe('not_found');
  });

  it('answers with the spec’s texts when there is nothing to restore', async () => {
    const phone = await openBrowser(app);
    const none = await phone
      .post('/api/access-recovery', { email: 'nobody@example.com' })
      .expect(404);
    expect(none.body.message).toBe(
      'No Pro account found with this email address. If you recently subscribed, please try again in a few minutes.',
    );

    const { email } = await buyPass();
    test.advance(25 * 3_600_000);
    const expired = await phone.post('/api/access-recovery', { email }).expect(403);
    expect(expired.body).toMatchObject({
      code: 'subscription_expired',
      message: 'Your Pro subscription has expired. Please upgrade to Pro again to restore access.',
    });

    const pending = await openBrowser(app);
    const pendingEmail = `pending${++counter}@example.com`;
    await test.services.repositories.users.update(
      pending.id,
      { email: pendingEmail },
      test.services.now(),
    );
    await pending.post('/api/create-checkout-session', { plan: 'pro_monthly' }).expect(200);
    const unverified = await phone
      .post('/api/access-recovery', { email: pendingEmail })
      .expect(422);
    expect(unverified.body).toMatchObject({
      code: 'needs_verification',
      message:
        'Pro account found but needs verification. Please contact support if you completed a recent payment.',
    });
  });

  it('limits requests per address', async () => {
    const { email } = await buyPass();
    const phone = await openBrowser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await phone.post('/api/access-recovery', { email })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('buying with an email that already has an account', () => {
  it('credits that account, attaches no browser, and mails its owner a sign-in link', async () => {
    const { email, userId } = await buyPass();
    const laptop = await openBrowser(app);
    const { body } = await laptop
      .post('/api/create-checkout-session', { plan: 'pro_24hr' })
      .expect(200);
    const id = body.url.split('/').pop();
    await laptop.post(`/api/demo-checkout/${id}/complete`, { email }).expect(200);

    // Typing an email proves nothing: this browser does not become that account.
    const own = (await laptop.get('/api/user')).body;
    expect(own).toMatchObject({ id: laptop.id, isPro: false });
    expect(
      (await laptop.get(`/api/checkout/success?session_id=${id}`).expect(200)).body,
    ).toMatchObject({
      status: 'paid',
      user: { id: laptop.id, isPro: false },
    });
    // The account that owns the email got the time: two passes, 48 hours.
    const owner = await test.services.repositories.users.findById(userId);
    expect(owner!.proExpiresAt! - test.services.now()).toBe(48 * 3_600_000);

    // Whoever reads that inbox can bring the account to this browser.
    await laptop
      .post('/api/access-recovery/redeem', { token: await tokenMailedTo(email) })
      .expect(200);
    expect((await laptop.get('/api/user')).body).toMatchObject({ id: userId, isPro: true, email });
  });
});
