import {
  createTempMailClient,
  listMessages,
  listDomains,
  TempMailError,
  TempMailNetworkError,
  unwrap,
} from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/start-server.js';

function clientAnswering(response: () => Response) {
  return createTempMailClient({ baseUrl: 'http://fake.test', fetch: async () => response() });
}

describe('unwrap', () => {
  it('returns the data of a 2xx answer', async () => {
    const client = clientAnswering(() => Response.json({ domains: ['tempmail.test'] }));
    expect(await unwrap(listDomains({ client }))).toEqual({ domains: ['tempmail.test'] });
  });

  it('throws the contract error with its code and rate-limit state', async () => {
    const client = clientAnswering(() =>
      Response.json(
        {
          code: 'rate_limited',
          message: 'Too many requests. Try again in 42 seconds.',
          requestId: 'r1',
        },
        {
          status: 429,
          headers: {
            'Retry-After': '42',
            'RateLimit-Limit': '60',
            'RateLimit-Remaining': '0',
            'RateLimit-Reset': '42',
          },
        },
      ),
    );
    const error = await unwrap(listMessages({ client })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TempMailError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests. Try again in 42 seconds.',
      requestId: 'r1',
      retryAfter: 42,
      rateLimit: { limit: 60, remaining: 0, reset: 42, retryAfter: 42 },
    });
  });

  it('reads Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    const client = clientAnswering(
      () => new Response('busy', { status: 503, headers: { 'Retry-After': at } }),
    );
    const error = (await unwrap(listMessages({ client })).catch(
      (e: unknown) => e,
    )) as TempMailError;
    expect(error.code).toBe('unknown');
    expect(error.message).toBe('The server answered 503.');
    expect(error.retryAfter).toBeGreaterThanOrEqual(28);
    expect(error.retryAfter).toBeLessThanOrEqual(30);
  });

  it('throws a network error naming the URL when nothing answers', async () => {
    const port = await freePort();
    const client = createTempMailClient({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await unwrap(listDomains({ client })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TempMailNetworkError);
    expect((error as TempMailNetworkError).url).toBe(`http://127.0.0.1:${port}/v1/domains`);
    expect((error as Error).message).toBe(
      `Cannot reach http://127.0.0.1:${port}/v1/domains: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});
