// The client's own wait after a 429, against a small HTTP server on 127.0.0.1 that answers
// 429 with Retry-After first and then 200, as a per-second limit does. Gaps between requests
// are checked with a margin, since a timer may fire a millisecond before Date.now() agrees.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createTempMailClient,
  mailTmCreateAccount,
  mailTmDeleteMessage,
  mailTmGetMessage,
  mailTmUpdateMessage,
  TempMailError,
  TempMailNetworkError,
  unwrap,
  type RateLimitRetryOptions,
} from '@tempmail/sdk';
import { afterEach, describe, expect, it } from 'vitest';

interface Seen {
  method: string;
  path: string;
  body: string;
  at: number;
}

/** What the server answers to its nth request (the last one repeats). */
type Answer = { status: number; headers?: Record<string, string> };

const limited = (retryAfter?: string): Answer => ({
  status: 429,
  headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
});
const ok: Answer = { status: 200 };

const MESSAGE = {
  id: 'm1',
  from: { address: 'a@example.com', name: 'A' },
  subject: 'Hello',
  seen: true,
};

let server: http.Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(answers: Answer[]) {
  const seen: Seen[] = [];
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, path: request.url!, body, at: Date.now() });
      const answer = answers[Math.min(seen.length, answers.length) - 1]!;
      const payload =
        answer.status === 429
          ? { code: 429, message: 'You exceeded the limit of 8 requests per second!' }
          : MESSAGE;
      response.writeHead(answer.status, {
        'Content-Type': 'application/json',
        ...answer.headers,
      });
      response.end(answer.status === 204 ? undefined : JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen };
}

function clientOf(url: string, retry?: RateLimitRetryOptions | false) {
  return createTempMailClient({ baseUrl: url, token: 'jwt', retryRateLimited: retry });
}

describe('a 429 is waited out for repeatable calls', () => {
  it('reads again after Retry-After seconds and returns the 200', async () => {
    const { url, seen } = await serve([limited('1'), ok]);
    const message = await unwrap(mailTmGetMessage({ client: clientOf(url), path: { id: 'm1' } }));
    expect(message).toMatchObject({ id: 'm1', subject: 'Hello' });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /messages/m1',
      'GET /messages/m1',
    ]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('reads Retry-After given as an HTTP date', async () => {
    // HTTP dates have whole seconds: two seconds ahead is at least one second away.
    const at = new Date(Date.now() + 2_000).toUTCString();
    const { url, seen } = await serve([limited(at), ok]);
    await unwrap(mailTmGetMessage({ client: clientOf(url), path: { id: 'm1' } }));
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('sends a PATCH again with its body, and a DELETE', async () => {
    const patch = await serve([limited('0'), ok]);
    await unwrap(
      mailTmUpdateMessage({
        client: clientOf(patch.url),
        path: { id: 'm1' },
        body: { seen: true },
      }),
    );
    expect(patch.seen.map((request) => [request.method, request.body])).toEqual([
      ['PATCH', '{"seen":true}'],
      ['PATCH', '{"seen":true}'],
    ]);
    await new Promise((resolve) => server!.close(resolve));

    const deletion = await serve([limited('0'), { status: 204 }]);
    await unwrap(mailTmDeleteMessage({ client: clientOf(deletion.url), path: { id: 'm1' } }));
    expect(deletion.seen.map((request) => request.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('waits a second when the 429 names no wait', async () => {
    const { url, seen } = await serve([limited(), ok]);
    await unwrap(mailTmGetMessage({ client: clientOf(url), path: { id: 'm1' } }));
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('tells onWait before each wait', async () => {
    const { url } = await serve([limited('0'), limited('0'), ok]);
    const waits: { seconds: number; retry: number; method: string }[] = [];
    const client = clientOf(url, {
      onWait: ({ seconds, retry, request }) =>
        waits.push({ seconds, retry, method: request.method }),
    });
    await unwrap(mailTmGetMessage({ client, path: { id: 'm1' } }));
    expect(waits).toEqual([
      { seconds: 0, retry: 1, method: 'GET' },
      { seconds: 0, retry: 2, method: 'GET' },
    ]);
  });
});

describe('a 429 is handed to the caller', () => {
  it('after the last retry, with its Retry-After', async () => {
    const { url, seen } = await serve([limited('0')]);
    const error = await unwrap(
      mailTmGetMessage({ client: clientOf(url, { retries: 2 }), path: { id: 'm1' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TempMailError);
    expect(error).toMatchObject({ status: 429, retryAfter: 0 });
    expect(seen).toHaveLength(3);
  });

  it('at once when the wait asked for is longer than the longest it waits', async () => {
    const { url, seen } = await serve([limited('11'), ok]);
    const started = Date.now();
    const error = await unwrap(
      mailTmGetMessage({ client: clientOf(url), path: { id: 'm1' } }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfter: 11 });
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('at once for a POST, which may have done something', async () => {
    const { url, seen } = await serve([limited('0'), ok]);
    const error = await unwrap(
      mailTmCreateAccount({
        client: clientOf(url),
        body: { address: 'a@tempmail.test', password: 'p'.repeat(16) },
      }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  it('at once when retrying is turned off', async () => {
    const { url, seen } = await serve([limited('0'), ok]);
    const error = await unwrap(
      mailTmGetMessage({ client: clientOf(url, false), path: { id: 'm1' } }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  it('as an abort when the caller gives up during the wait', async () => {
    const { url, seen } = await serve([limited('5'), ok]);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const error = await unwrap(
      mailTmGetMessage({ client: clientOf(url), path: { id: 'm1' }, signal: controller.signal }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TempMailNetworkError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(seen).toHaveLength(1);
  });
});
