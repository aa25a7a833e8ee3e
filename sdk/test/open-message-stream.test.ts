import { createTempMailClient, openMessageStream, TempMailError } from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';
import { fakePublicApi, summary } from './support/fake-public-api.js';

function clientOf(fetch: typeof globalThis.fetch) {
  return createTempMailClient({ baseUrl: 'http://fake.test', token: 'jwt', fetch });
}

describe('openMessageStream', () => {
  it('yields message frames with their ids, resuming with Last-Event-ID', async () => {
    const api = fakePublicApi({ events: [{ stream: true }] });
    const stream = await openMessageStream(clientOf(api.fetch), { lastEventId: 'a'.repeat(24) });
    const message = summary();
    api.streams[0]!.send(message);
    for await (const event of stream) {
      expect(event).toEqual({ id: message.id, message });
      break;
    }
    await api.streams[0]!.closed;
    expect(api.requests[0]!.headers.get('Last-Event-ID')).toBe('a'.repeat(24));
    expect(api.requests[0]!.headers.get('Accept')).toBe('text/event-stream');
  });

  it('closes at any time: unread, or in the middle of a read', async () => {
    const api = fakePublicApi({ events: [{ stream: true }], streamsIgnoreAbort: true });
    const unread = await openMessageStream(clientOf(api.fetch));
    await unread.close();
    await api.streams[0]!.closed;

    const reading = await openMessageStream(clientOf(api.fetch));
    const next = reading[Symbol.asyncIterator]().next();
    await reading.close();
    await expect(next).rejects.toThrow();
    await api.streams[1]!.closed;
  });

  it('rejects with the typed error when the stream is refused or is no stream', async () => {
    const limited = fakePublicApi({
      events: [
        {
          status: 429,
          body: { code: 'rate_limited', message: 'Too many requests.' },
          headers: { 'Retry-After': '30' },
        },
      ],
    });
    await expect(openMessageStream(clientOf(limited.fetch))).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfter: 30,
    });

    const html = async () =>
      new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } });
    const error = await openMessageStream(clientOf(html)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TempMailError);
    expect(error).toMatchObject({
      code: 'unknown',
      message: 'GET /v1/events answered text/html, not an event stream.',
    });
  });
});
