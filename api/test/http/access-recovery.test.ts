// "Already Pro? Sign in with your email": a one-time link by mail, opened on a page that shows
// what it signs in to and asks first; the browser gets a new session when it signs in.
import request from 'supertest';
import { ORIGIN, openBrowser, type TestBrowser } from '../support/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_LIFETIME_MS } from '../../src/features/recovery/mailed-links.js';
import type { Mailer } from '../../src/features/outbound/create-mailer.js';
import { linkMailedBy, mailsTo } from '../support/mailed-links.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';
import { sendWaitingSignInsNow } from '../../src/http/dashboard-api/send-sign-in-later.js';

describe.each(testBackends)('on $name', (backend) => {
  let database: TestDatabase;
  let test: ReturnType<typeof createTestServices>;
  let app: ReturnType<typeof buildTestApp>;
  let counter = 0;

  beforeAll(async () => {
    database = await backend.open();
    test = createTestServices(database);
    app = buildTestApp(test.services);
  });
  afterAll(() => database?.dispose());

  /** A browser that bought a pass with `email` and confirmed that email through its link. */
  async function buyConfirmed(email = `pro${++counter}@example.com`) {
    const buyer = await openBrowser(app);
    const { body } = await buyer
      .post('/api/create-checkout-session', { plan: 'pro_24hr' })
      .expect(200);
    const token = await linkMailedBy(test, email, '/confirm-email', () =>
      buyer
        .post(`/api/demo-checkout/${new URL(body.url).pathname.split('/').pop()}/complete`, {
          email,
        })
        .expect(200),
    );
    await buyer.post('/api/confirm-email', { token }).expect(200);
    return { email, userId: buyer.id, buyer };
  }

  function signInLinkFor(browser: TestBrowser, email: string): Promise<string> {
    return linkMailedBy(test, email.toLowerCase(), '/sign-in', () =>
      browser.post('/api/access-recovery', { email }).expect(202, { ok: true }),
    );
  }

  describe('sign-in links', () => {
    it('signs a fresh browser in to the account, only when the page’s button is pressed', async () => {
      const { email, userId } = await buyConfirmed();
      const phone = await openBrowser(app);
      const token = await signInLinkFor(phone, email.toUpperCase());

      // Mail scanners and previews open the link: the page and its GET change nothing.
      const page = await request(app).get(`/sign-in?token=${token}`).expect(200);
      expect(page.text).toContain('Sign in to TempMail');
      expect(page.headers['cache-control']).toBe('no-store');
      await request(app).get(`/?access_token=${token}`);
      const preview = await phone.post('/api/access-recovery/inspect', { token }).expect(200);
      expect(preview.body).toEqual({
        account: { email: `p***@example.com`, isPro: true, plan: 'pro_24hr' },
        browser: 'visitor',
      });
      expect((await phone.get('/api/user')).body).toMatchObject({ id: phone.id, isPro: false });

      const before = phone.cookie;
      const redeemed = await phone.post('/api/access-recovery/redeem', { token }).expect(200);
      expect(redeemed.body).toMatchObject({ id: userId, isPro: true, email });
      expect(phone.cookie).not.toBe(before);
      expect((await phone.get('/api/user')).body).toMatchObject({ id: userId, isPro: true });
    });

    it('signs out one browser, or every browser of the account from any of them', async () => {
      const { email, userId, buyer } = await buyConfirmed();
      const signedIn = async () => {
        const phone = await openBrowser(app);
        await phone
          .post('/api/access-recovery/redeem', { token: await signInLinkFor(phone, email) })
          .expect(200);
        return phone;
      };
      const phone = await signedIn();
      const tablet = await signedIn();
      const stranger = await openBrowser(app, { savedIn: test.services });
      const whose = async (browser: TestBrowser) => (await browser.get('/api/user')).body.id;

      await tablet.post('/api/logout').expect(200);
      expect([await whose(buyer), await whose(phone), await whose(tablet)]).toEqual([
        userId,
        userId,
        expect.not.stringMatching(userId),
      ]);

      const before = phone.cookie;
      await phone.post('/api/logout-everywhere').expect(200, { ok: true });
      expect(phone.cookie).not.toBe(before);
      expect(await whose(buyer)).not.toBe(userId);
      expect(await whose(phone)).not.toBe(userId);
      // Another user's session is not touched, and the account signs in again by link.
      expect(await whose(stranger)).toBe(stranger.id);
      expect(await whose(await signedIn())).toBe(userId);
    });

    it('ends the mailbox tokens the sessions handed out when signing out everywhere', async () => {
      const { email, buyer } = await buyConfirmed();
      // What a lost phone's session can collect: every address's token, good while Pro lasts.
      await buyer.post('/api/addresses').expect(201);
      const [address] = (await buyer.get('/api/addresses').expect(200)).body.addresses as {
        address: string;
        token: string;
      }[];
      const reads = async (token: string) => {
        const [mailTm, v1] = await Promise.all([
          request(app).get('/messages').set('Authorization', `Bearer ${token}`),
          request(app).get('/v1/messages').set('Authorization', `Bearer ${token}`),
        ]);
        return [mailTm.status, v1.status];
      };
      expect(await reads(address!.token)).toEqual([200, 200]);

      await buyer.post('/api/logout-everywhere').expect(200, { ok: true });
      expect(await reads(address!.token)).toEqual([401, 401]);

      // Signed in again, the account gets tokens that work.
      const phone = await openBrowser(app);
      await phone
        .post('/api/access-recovery/redeem', { token: await signInLinkFor(phone, email) })
        .expect(200);
      const [again] = (await phone.get('/api/addresses').expect(200)).body.addresses as {
        token: string;
      }[];
      expect(await reads(again!.token)).toEqual([200, 200]);
      expect(await reads(address!.token)).toEqual([401, 401]);
    });

    it('gives the browser a new session: a cookie from before the sign-in is worth nothing', async () => {
      const { email, userId } = await buyConfirmed();
      // An attacker plants a session cookie of their own in the victim's browser (fixation) …
      const victim = await openBrowser(app, { savedIn: test.services });
      const planted = victim.cookie;
      // … the victim signs in with that browser …
      await victim
        .post('/api/access-recovery/redeem', { token: await signInLinkFor(victim, email) })
        .expect(200);
      expect(victim.cookie).not.toBe(planted);
      expect((await victim.get('/api/user')).body.id).toBe(userId);
      // … and the planted cookie, which the attacker kept, reaches nothing.
      const seen = await request(app).get('/api/user').set('Cookie', planted).expect(200);
      expect(seen.body).toMatchObject({ isPro: false, email: null });
      expect(seen.body.id).not.toBe(userId);
    });

    it('says which account it switches to, and asks, when the browser is signed in elsewhere', async () => {
      const first = await buyConfirmed();
      const second = await buyConfirmed(`other${++counter}@example.org`);
      const token = await signInLinkFor(first.buyer, second.email);
      const preview = await first.buyer.post('/api/access-recovery/inspect', { token }).expect(200);
      expect(preview.body).toEqual({
        account: { email: 'o***@example.org', isPro: true, plan: 'pro_24hr' },
        browser: 'other_account',
        currentAccount: { email: 'p***@example.com', isPro: true, plan: 'pro_24hr' },
      });
      // Looking changed nothing; the switch happens on the explicit POST.
      expect((await first.buyer.get('/api/user')).body.id).toBe(first.userId);
      await first.buyer.post('/api/access-recovery/redeem', { token }).expect(200);
      expect((await first.buyer.get('/api/user')).body.id).toBe(second.userId);

      const again = await signInLinkFor(second.buyer, second.email);
      const same = await second.buyer.post('/api/access-recovery/inspect', { token: again });
      expect(same.body.browser).toBe('same');
    });

    it('works once, and not after 15 minutes', async () => {
      const { email } = await buyConfirmed();
      const phone = await openBrowser(app);
      const used = await signInLinkFor(phone, email);
      await phone.post('/api/access-recovery/redeem', { token: used }).expect(200);
      await phone.post('/api/access-recovery/redeem', { token: used }).expect(404);
      await phone.post('/api/access-recovery/inspect', { token: used }).expect(404);

      const late = await signInLinkFor(phone, email);
      test.advance(SIGN_IN_LINK_LIFETIME_MS);
      const refused = await phone.post('/api/access-recovery/redeem', { token: late }).expect(404);
      expect(refused.body.code).toBe('not_found');
    });

    it('answers the same for an account’s email, an unknown one and one only typed at checkout', async () => {
      const { email } = await buyConfirmed();
      const unconfirmed = `typed${++counter}@example.com`;
      const buyer = await openBrowser(app);
      const { body } = await buyer
        .post('/api/create-checkout-session', { plan: 'pro_24hr' })
        .expect(200);
      await buyer
        .post(`/api/demo-checkout/${new URL(body.url).pathname.split('/').pop()}/complete`, {
          email: unconfirmed,
        })
        .expect(200);

      const phone = await openBrowser(app);
      const answers: unknown[] = [];
      const ask = async (asked: string) => {
        const answer = await phone.post('/api/access-recovery', { email: asked });
        answers.push({ status: answer.status, body: answer.body });
      };
      await linkMailedBy(test, email, '/sign-in', () => ask(email));
      await ask(`nobody${++counter}@example.com`);
      await ask(unconfirmed);
      expect(answers).toEqual(Array(3).fill({ status: 202, body: { ok: true } }));
      // The mails go out within a second of their answers: all of them, before looking.
      await sendWaitingSignInsNow();
      const typed = await mailsTo(test, unconfirmed);
      expect(typed.map((mail) => mail.text).join('\n')).not.toMatch(/\/sign-in\?token=/);
    });

    it('answers before it looks the email up or mails anything', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const sent: string[] = [];
      const slowMailer: Mailer = {
        async send(mail) {
          await held;
          sent.push(mail.to);
          return { messageId: 'held' };
        },
        async rehearse() {},
      };
      const slow = buildTestApp(createTestServices(database, {}, { mailer: slowMailer }).services);
      const { email } = await buyConfirmed();
      await request(slow)
        .post('/api/access-recovery')
        .set('Origin', ORIGIN)
        .send({ email })
        .expect(202, { ok: true });
      expect(sent).toEqual([]);
      release();
      await expect.poll(() => sent).toEqual([email]);
    });

    it('limits requests per address', async () => {
      const { email } = await buyConfirmed();
      const phone = await openBrowser(app);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await phone.post('/api/access-recovery', { email })).status);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    });
  });
});
