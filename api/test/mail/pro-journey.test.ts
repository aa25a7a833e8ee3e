// The whole Pro journey in one run: a visitor pays through Stripe (the real SDK against a
// local fake Stripe, a signed webhook), becomes Pro, makes an alias, confirms forwarding, and
// mail sent over SMTP to the alias comes out of the relay (a local SMTP sink) as a copy.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverDueForwarding } from '../../src/jobs/deliver-forwarding.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import { startRelaySink, type RelaySink } from '../../../tests/support/relay-sink.js';
import { sendMail } from '../../../tests/support/send-mail.js';

const ORIGIN = 'http://localhost:8080';
const WEBHOOK_SECRET = 'whsec_journey_signing_secret';
let fake: FakeStripe;
let sink: RelaySink;
let server: TestMailServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  sink = await startRelaySink();
  server = await startTestMailServer({
    STRIPE_SECRET_KEY: 'sk_test_journey',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    SMTP_RELAY_URL: sink.url,
  });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
  await fake?.close();
});

it('takes a visitor to Pro, an alias and forwarded mail', async () => {
  const api = () => request(server.httpUrl);
  const first = await api().get('/api/user').expect(200);
  expect(first.body.isPro).toBe(false);
  const cookie = (first.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const post = (path: string, body?: object) => {
    const call = api().post(path).set('Cookie', cookie).set('Origin', ORIGIN);
    return body ? call.send(body) : call;
  };

  // Checkout at Stripe, confirmed by its signed webhook.
  await post('/api/create-checkout-session', { plan: 'pro_monthly' }).expect(200);
  const [payment] = await server.database.storage.db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', first.body.id)
    .execute();
  fake.pay(payment!.id, {
    email: 'journey@example.com',
    periodEnd: server.services.now() + 30 * 24 * 3_600_000,
  });
  const payload = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: payment!.id } },
  });
  const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  await api()
    .post('/api/stripe/webhook')
    .set('Stripe-Signature', signature)
    .set('Content-Type', 'application/json')
    .send(payload)
    .expect(200);
  expect((await api().get('/api/user').set('Cookie', cookie)).body).toMatchObject({
    isPro: true,
    plan: 'pro_monthly',
    // The email typed at Stripe joins the account only once its mailed link is opened.
    email: null,
  });

  // An alias, and forwarding confirmed by the destination's owner.
  const { address } = (
    await post('/api/create-custom-email', { alias: 'journey', domain: 'tempmail.test' }).expect(
      201,
    )
  ).body;
  await post('/api/update-forwarding', {
    forwardingEmail: 'inbox@real.example',
    enabled: true,
  }).expect(200);
  const confirmation = (await sink.received()).find((mail) =>
    mail.to.includes('inbox@real.example'),
  )!;
  const token = /token=([A-Za-z0-9_-]{43})/.exec(confirmation.parsed.text)![1]!;
  await api().post('/api/forwarding/confirm').set('Origin', ORIGIN).send({ token }).expect(200);

  // Mail arrives over SMTP and leaves through the relay.
  await sendMail(server.smtpPort, {
    from: 'Shop <orders@shop.example>',
    to: address,
    subject: 'Your code 482913',
    text: 'Code: 482913',
  });
  await server.ingest.drain();
  await deliverDueForwarding({
    stores: server.stores,
    mailer: server.services.mailer,
    logger: server.services.logger,
    now: server.services.now,
  });
  const copy = (await sink.received()).find(
    (mail) => mail.parsed.subject === '[Forwarded] Your code 482913',
  );
  expect(copy?.to).toEqual(['inbox@real.example']);
  expect(copy?.parsed.text).toContain('Code: 482913');

  const inbox = await api().get('/api/messages-all').set('Cookie', cookie).expect(200);
  expect(inbox.body.messages.map((message: { subject: string }) => message.subject)).toEqual([
    'Your code 482913',
  ]);
});
