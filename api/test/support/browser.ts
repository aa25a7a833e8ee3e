import type { Express } from 'express';
import request from 'supertest';

/** The Origin of the default PUBLIC_URL: state-changing product calls must come from it. */
export const ORIGIN = 'http://localhost:8080';

export interface TestBrowser {
  /** The user its first GET /api/user was given. */
  id: string;
  cookie: string;
  get(path: string): request.Test;
  /** A state-changing call from our own pages: with the session cookie and our Origin. */
  post(path: string, body?: object): request.Test;
}

/** A browser visiting the product: its first GET /api/user, and its session cookie after. */
export async function openBrowser(target: Express | string): Promise<TestBrowser> {
  const first = await request(target).get('/api/user').expect(200);
  const cookie = (first.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return {
    id: first.body.id as string,
    cookie,
    get: (path) => request(target).get(path).set('Cookie', cookie),
    post: (path, body) => {
      const call = request(target).post(path).set('Cookie', cookie).set('Origin', ORIGIN);
      return body ? call.send(body) : call;
    },
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
    .post(`/api/demo-checkout/${String(body.url).split('/').pop()}/complete`, { email })
    .expect(200);
  return buyer;
}
