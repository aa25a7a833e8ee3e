import type { Express } from 'express';
import { createHash } from 'node:crypto';
import request from 'supertest';
import type { Services } from '../../src/services.js';

/** The Origin of the default PUBLIC_URL: state-changing product calls must come from it. */
export const ORIGIN = 'http://localhost:8080';

export interface TestBrowser {
  /** The user its first GET /api/user was given. */
  id: string;
  /** The session cookie it holds now: a Set-Cookie on any answer replaces it, as in a browser. */
  readonly cookie: string;
  get(path: string): request.Test;
  /** A state-changing call from our own pages: with the session cookie and our Origin. */
  post(path: string, body?: object): request.Test;
  /** A DELETE from our own pages: with the session cookie and our Origin. */
  delete(path: string): request.Test;
}

/**
 * A browser visiting the product: its first GET /api/user, and its session cookie after.
 * A first visit stores nothing; with `savedIn`, the visitor is saved as its first write
 * would save it, for tests that set its state up through the stores.
 */
export async function openBrowser(
  target: Express | string,
  options: { savedIn?: Services } = {},
): Promise<TestBrowser> {
  let cookie = '';
  const keep = (call: request.Test) =>
    call.on('response', (response: { headers: Record<string, string[] | undefined> }) => {
      const set = response.headers['set-cookie']?.find((line) => line.startsWith('tm_session='));
      if (set) cookie = set.split(';')[0]!;
    });
  const first = await keep(request(target).get('/api/user')).expect(200);
  const id = first.body.id as string;
  const services = options.savedIn;
  if (services) {
    const tokenHash = createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    await services.accounts.saveVisitor(id, tokenHash, services.now());
  }
  return {
    id,
    get cookie() {
      return cookie;
    },
    get: (path) => keep(request(target).get(path).set('Cookie', cookie)),
    post: (path, body) => {
      const call = keep(request(target).post(path).set('Cookie', cookie).set('Origin', ORIGIN));
      return body ? call.send(body) : call;
    },
    delete: (path) =>
      keep(request(target).delete(path).set('Cookie', cookie).set('Origin', ORIGIN)),
  };
}

/** A browser that bought Pro through the demo checkout with `email`. */
export async function buyPro(
  target: Express | string,
  email: string,
  plan: 'pro_24hr' | 'pro_monthly' = 'pro_monthly',
): Promise<TestBrowser> {
  const buyer = await openBrowser(target);
  const { body } = await buyer.post('/api/create-checkout-session', { plan }).expect(200);
  await buyer
    .post(`/api/demo-checkout/${new URL(body.url).pathname.split('/').pop()}/complete`, { email })
    .expect(200);
  return buyer;
}
