import {
  createTempMailClient,
  TempMailError,
  TempMailNetworkError,
  TempMailTimeoutError,
  waitForMessage,
  watchMessages,
  type WatchMode,
} from '@tempmail/sdk';
import { describe, expect, it, vi } from 'vitest';
import { fakePublicApi, listing, summary } from './support/fake-public-api.js';
import { until } from './support/until.js';

const unavailable = {
  status: 503,
  body: { code: 'service_unavailable', message: 'No streams here.' },
};

function clientOf(api: ReturnType<typeof fakePublicApi>, token = 'mailbox-jwt') {
  return createTempMailClient({ baseUrl: 'http://fake.test', token, fetch: api.fetch });
}

describe('waitForMessage', () => {
  it('finds a matching message that is already in the inbox, and closes the stream', async () => {
    const older = summary({ subject: 'Welcome' });
    const code = summary({
      subject: 'Your code',
      from: { name: 'Shop', address: 'a@shop.example' },
    });
    const api = fakePublicApi({ events: [{ stream: true }], messages: [listing(older, code)] });

    const found = await waitForMessage(clientOf(api), { match: { subject: 'code' } });

    expect(found.id).toBe(code.id);
    await api.streams[0]!.closed;
    expect(api.requests.map((r) => r.path)).toEqual(['/v1/events', '/v1/messages']);
    expect(api.requests[0]!.headers.get('Authorization')).toBe('Bearer mailbox-jwt');
  });

  it('takes the first matching message from the live stream', async () => {
    const api = fakePublicApi({ events: [{ stream: true }], messages: [listing()] });
    const waiting = waitForMessage(clientOf(api), {
      match: { from: 'shop.example', where: (m) => m.hasAttachments },
    });
    await until(() => api.requests.length === 2);
    const plain = summary();
    const withFile = summary({ hasAttachments: true });
    api.streams[0]!.ping();
    api.streams[0]!.send(plain);
    api.streams[0]!.send(withFile);

    expect((await waiting).id).toBe(withFile.id);
    await api.streams[0]!.closed;
  });

  it('falls back to polling when the stream cannot be opened', async () => {
    const arrived = summary({ subject: 'Verify your email' });
    const api = fakePublicApi({
      events: [unavailable],
      messages: [listing(), { status: 304 }, listing(arrived)],
    });
    const modes: WatchMode[] = [];

    const found = await waitForMessage(clientOf(api), {
      pollInterval: 20,
      onModeChange: (mode) => modes.push(mode),
    });

    expect(found.id).toBe(arrived.id);
    expect(modes).toEqual(['polling']);
    const polls = api.requests.filter((r) => r.path === '/v1/messages');
    expect(polls.map((r) => r.headers.get('If-None-Match'))).toEqual([null, '"v"', '"v"']);
  });

  it('polls when the stream drops, and keeps the messages it has reported once', async () => {
    const first = summary({ subject: 'one' });
    const second = summary({ subject: 'two' });
    const api = fakePublicApi({
      events: [{ stream: true }],
      messages: [listing(), listing(first, second)],
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const watching = (async () => {
      for await (const message of watchMessages(clientOf(api), {
        signal: controller.signal,
        pollInterval: 20,
      })) {
        seen.push(message.subject);
        if (seen.length === 2) controller.abort();
      }
    })();
    await until(() => api.requests.length === 2);
    api.streams[0]!.send(first);
    await until(() => seen.length === 1);
    api.streams[0]!.end();
    await watching;

    expect(seen).toEqual(['one', 'two']);
  });

  it('waits out Retry-After on 429 and doubles the interval after errors', async () => {
    const arrived = summary();
    const api = fakePublicApi({
      events: [unavailable],
      messages: [
        listing(),
        { status: 500, body: { code: 'internal_error', message: 'Oops.' } },
        { status: 503, body: { code: 'service_unavailable', message: 'Later.' } },
        {
          status: 429,
          body: { code: 'rate_limited', message: 'Too many requests.' },
          headers: { 'Retry-After': '1' },
        },
        listing(arrived),
      ],
    });

    await waitForMessage(clientOf(api), { pollInterval: 50, timeout: 5_000 });

    const at = api.requests.filter((r) => r.path === '/v1/messages').map((r) => r.at);
    const gaps = at.slice(1).map((time, index) => time - at[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
    expect(gaps[3]).toBeGreaterThanOrEqual(995);
  });

  it('polls every 4 s for a Pro API token and every 12 s otherwise', async () => {
    vi.useFakeTimers();
    try {
      for (const [token, interval] of [
        ['tm_abc', 4_000],
        ['eyJ.mailbox.jwt', 12_000],
      ] as const) {
        const api = fakePublicApi({ events: [unavailable], messages: [listing()] });
        const polls = () => api.requests.filter((r) => r.path === '/v1/messages').length;
        const controller = new AbortController();
        const waiting = waitForMessage(clientOf(api, token), { signal: controller.signal });
        await vi.advanceTimersByTimeAsync(interval - 100);
        expect(polls()).toBe(1);
        await vi.advanceTimersByTimeAsync(200);
        expect(polls()).toBe(2);
        controller.abort();
        await expect(waiting).rejects.toThrow();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries the live stream again every minute while polling', async () => {
    vi.useFakeTimers();
    try {
      const arrived = summary();
      const api = fakePublicApi({
        events: [unavailable, { stream: true }],
        messages: [listing()],
      });
      const modes: WatchMode[] = [];
      const waiting = waitForMessage(clientOf(api), {
        timeout: 120_000,
        onModeChange: (mode) => modes.push(mode),
      });
      await vi.advanceTimersByTimeAsync(59_000);
      expect(api.streams).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(api.streams).toHaveLength(1);
      expect(modes).toEqual(['polling', 'stream']);
      api.streams[0]!.send(arrived);
      expect((await waiting).id).toBe(arrived.id);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds back a message listed before it is parsed, then matches it', async () => {
    const pending = summary({ from: { name: '', address: '' }, subject: '', intro: '', to: [] });
    const parsed = {
      ...pending,
      from: { name: 'Shop', address: 'a@shop.example' },
      subject: 'Code',
    };
    const api = fakePublicApi({
      events: [unavailable],
      messages: [listing(pending), listing(parsed)],
    });

    const found = await waitForMessage(clientOf(api), {
      match: { subject: 'code' },
      pollInterval: 20,
    });

    expect(found.subject).toBe('Code');
    const polls = api.requests.filter((r) => r.path === '/v1/messages');
    // Nothing cached while a message is half-made: a 304 could hide its parse.
    expect(polls[1]!.headers.get('If-None-Match')).toBeNull();
  });

  it('ignores what is already there with skipExisting', async () => {
    const old = summary({ subject: 'code 1111' });
    const fresh = summary({ subject: 'code 2222' });
    const api = fakePublicApi({ events: [{ stream: true }], messages: [listing(old)] });
    const waiting = waitForMessage(clientOf(api), { skipExisting: true });
    await until(() => api.requests.length === 2);
    api.streams[0]!.send(old);
    api.streams[0]!.send(fresh);
    expect((await waiting).id).toBe(fresh.id);
  });

  it('rejects with a timeout error and leaves nothing open', async () => {
    const api = fakePublicApi({ events: [{ stream: true }], messages: [listing(summary())] });
    const started = Date.now();

    const error = await waitForMessage(clientOf(api), {
      match: { subject: 'never' },
      timeout: 200,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TempMailTimeoutError);
    expect((error as TempMailTimeoutError).timeout).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    await api.streams[0]!.closed;
  });

  it('backs off while the server cannot be reached from the start, and says so at the end', async () => {
    let calls = 0;
    const unreachable = async (): Promise<Response> => {
      calls += 1;
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
          code: 'ECONNREFUSED',
        }),
      });
    };
    const client = createTempMailClient({
      baseUrl: 'http://fake.test',
      token: 'mailbox-jwt',
      fetch: unreachable,
    });

    const error = await waitForMessage(client, { pollInterval: 50, timeout: 500 }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(TempMailTimeoutError);
    expect((error as Error).cause).toBeInstanceOf(TempMailNetworkError);
    expect((error as Error).message).toMatch(
      /^No matching message arrived within 0\.5 s\. Its last try failed: Cannot reach .*ECONNREFUSED/,
    );
    // The stream, the first listing, then listings 100, 200 ms apart: never a request per
    // turn of the event loop (thousands in the half second, as there once were).
    expect(calls).toBeLessThanOrEqual(5);
  });

  it('rejects with a 429 whose Retry-After outlasts the wait, not with a timeout', async () => {
    const limited = {
      status: 429,
      body: { code: 'rate_limited', message: 'Rate limit reached.' },
      headers: { 'Retry-After': '3600' },
    };
    const api = fakePublicApi({ events: [limited], messages: [limited] });
    const started = Date.now();

    const error = await waitForMessage(clientOf(api), { timeout: 5_000 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TempMailError);
    expect(error).toMatchObject({ status: 429, retryAfter: 3600 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('on one address, retries the first listing of skipExisting when the server fails', async () => {
    const arrived = summary({ subject: 'After the deploy' });
    const api = fakePublicApi({
      messages: [unavailable, listing()],
      next: [{ status: 200, body: arrived }],
    });

    const found = await waitForMessage(clientOf(api), {
      mailbox: 'box@tempmail.test',
      skipExisting: true,
      timeout: 5_000,
    });

    expect(found.id).toBe(arrived.id);
    expect(api.requests.map((r) => r.path)).toEqual([
      '/v1/messages',
      '/v1/messages',
      '/v1/addresses/box%40tempmail.test/messages/next',
    ]);
  });

  it('on one address, pauses after a 204 that came well before its time', async () => {
    // A node that is stopping answers every long poll at once.
    const api = fakePublicApi({ next: [{ status: 204 }] });

    await expect(
      waitForMessage(clientOf(api), { mailbox: 'box@tempmail.test', timeout: 2_500 }),
    ).rejects.toBeInstanceOf(TempMailTimeoutError);

    // 0.5 s, then 1 s between them: not a request per turn of the event loop.
    expect(api.requests.length).toBeLessThanOrEqual(4);
  });

  it('closes the stream itself when fetch does not pass the abort on', async () => {
    const api = fakePublicApi({
      events: [{ stream: true }],
      messages: [listing()],
      streamsIgnoreAbort: true,
    });

    await expect(waitForMessage(clientOf(api), { timeout: 200 })).rejects.toThrow(
      TempMailTimeoutError,
    );
    await api.streams[0]!.closed;
  });

  it('rejects at once when the token is refused', async () => {
    const refused = {
      status: 401,
      body: { code: 'unauthorized', message: 'A valid token is required.' },
      headers: { 'RateLimit-Limit': '60', 'RateLimit-Remaining': '59', 'RateLimit-Reset': '3599' },
    };
    const api = fakePublicApi({ events: [refused], messages: [refused] });

    const error = await waitForMessage(clientOf(api), { pollInterval: 20 }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(TempMailError);
    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      rateLimit: { limit: 60, remaining: 59, reset: 3599 },
    });
  });

  it('rejects with the reason of an aborted signal', async () => {
    const api = fakePublicApi({ events: [{ stream: true }], messages: [listing()] });
    const controller = new AbortController();
    const waiting = waitForMessage(clientOf(api), { signal: controller.signal });
    await until(() => api.requests.length === 2);
    controller.abort(new Error('user gave up'));

    await expect(waiting).rejects.toThrow('user gave up');
    await api.streams[0]!.closed;
  });
});
