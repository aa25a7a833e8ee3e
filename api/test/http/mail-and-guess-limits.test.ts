// What one person can make the server do to others: mail an address they do not own
// (a purchase's confirmation, forwarding's), buy Pro from many fresh browsers in demo mode,
// and guess passwords or mailed tokens. Each is bounded across accounts, not per account
// alone: a fresh browser is a fresh account, and the demo checkout makes one Pro for
// nothing. Under the default limits, each test with its own server state.
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAILS_TO_ONE_ADDRESS_PER_HOUR } from '../../src/features/limits/limit-mails-to-address.js';
import { LINK_ATTEMPTS_PER_HOUR } from '../../src/features/limits/limit-link-attempts.js';
import { buyPro, openBrowser, ORIGIN } from '../support/browser.js';
import { mailsTo } from '../support/mailed-links.js';
import { testBackends } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

/** Runs `use` on a server of its own (fresh limits), then closes it. */
async function withShop(
  use: (shop: { test: ReturnType<typeof createTestServices>; app: Express }) => Promise<void>,
) {
  const database = await testBackends[0]!.open();
  try {
    const test = createTestServices(database);
    await use({ test, app: buildTestApp(test.services) });
  } finally {
    await database.dispose();
  }
}

describe('mail to an address someone else names', () => {
  it('sends a purchase confirmation to one address at most 5 times an hour, and sells anyway', () =>
    withShop(async (shop) => {
      const email = 'bombed@example.org';
      for (let buyer = 0; buyer < MAILS_TO_ONE_ADDRESS_PER_HOUR + 2; buyer += 1) {
        const browser = await openBrowser(shop.app);
        const { body } = await browser
          .post('/api/create-checkout-session', { plan: 'pro_24hr' })
          .expect(200);
        const sessionId = new URL(body.url).pathname.split('/').pop()!;
        await browser.post(`/api/demo-checkout/${sessionId}/complete`, { email }).expect(200);
        // The buyer's page reads the same past the budget: it cannot tell it was spent.
        const success = await browser.get(`/api/checkout/success?session_id=${sessionId}`);
        expect(success.body).toMatchObject({ status: 'paid', pendingEmail: email });
      }
      expect(await mailsTo(shop.test, email)).toHaveLength(MAILS_TO_ONE_ADDRESS_PER_HOUR);
    }));

  it('refuses a forwarding confirmation past the address’s budget, whichever user asks', () =>
    withShop(async (shop) => {
      const destination = 'forward-bombed@example.org';
      const answers: number[] = [];
      for (let user = 0; user < MAILS_TO_ONE_ADDRESS_PER_HOUR + 1; user += 1) {
        const pro = await buyPro(shop.app, `pro${user}@example.com`);
        const answer = await pro.post('/api/update-forwarding', {
          forwardingEmail: destination,
          enabled: true,
        });
        answers.push(answer.status);
        if (answer.status === 429) {
          expect(answer.body.code).toBe('rate_limited');
          expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(answers).toEqual([...Array(MAILS_TO_ONE_ADDRESS_PER_HOUR).fill(200), 429]);
      expect(await mailsTo(shop.test, destination)).toHaveLength(MAILS_TO_ONE_ADDRESS_PER_HOUR);
    }));
});

describe('many fresh browsers from one IP address', () => {
  it('start at most 30 checkouts an hour between them', () =>
    withShop(async (shop) => {
      const statuses: number[] = [];
      for (let visitor = 0; visitor < 31; visitor += 1) {
        const browser = await openBrowser(shop.app);
        const answer = await browser.post('/api/create-checkout-session', { plan: 'pro_24hr' });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    }));
});

describe('guesses', () => {
  it('checks at most 10 mailbox passwords a minute through store-main-email', () =>
    withShop(async (shop) => {
      const pro = await buyPro(shop.app, 'guesser@example.com');
      const statuses: number[] = [];
      for (let guess = 0; guess < 11; guess += 1) {
        const answer = await pro.post('/api/store-main-email', {
          address: 'victim@tempmail.test',
          password: `guess-${guess}`,
          mailTmId: '0123456789abcdef01234567',
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array(10).fill(404), 429]);
    }));

  it('tries at most 30 mailed tokens an hour, forwarding confirmations and sign-in links in one count', () =>
    withShop(async (shop) => {
      const confirm = () =>
        request(shop.app)
          .post('/api/forwarding/confirm')
          .set('Origin', ORIGIN)
          .send({ token: randomBytes(32).toString('base64url') });
      for (let attempt = 0; attempt < LINK_ATTEMPTS_PER_HOUR - 1; attempt += 1) {
        expect((await confirm()).status).toBe(404);
      }
      const inspect = await request(shop.app)
        .post('/api/access-recovery/inspect')
        .set('Origin', ORIGIN)
        .send({ token: randomBytes(32).toString('base64url') });
      expect(inspect.status).toBe(404);
      expect((await confirm()).status).toBe(429);
    }));
});
