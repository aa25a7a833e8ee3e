import {
  createTempMailClient,
  TempMailTimeoutError,
  waitForCode,
  waitForLink,
} from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';
import { fakePublicApi, listing, summary } from './support/fake-public-api.js';
import { until } from './support/until.js';

const clientOf = (api: ReturnType<typeof fakePublicApi>) =>
  createTempMailClient({ baseUrl: 'http://fake.test', token: 'mailbox-jwt', fetch: api.fetch });

const verify = {
  url: 'https://shop.example/verify?t=1',
  text: 'Confirm my email',
  kind: 'verify' as const,
  primary: true,
};

describe('waitForCode and waitForLink', () => {
  it('pass over a matching message without a code and answer with the server’s likeliest', async () => {
    const welcome = summary({ subject: 'Welcome to Shop' });
    const withCode = summary({
      subject: 'Your Shop code',
      codes: [
        { value: '482913', context: 'Your code is 482913.' },
        { value: '1234', context: 'or 1234' },
      ],
    });
    const api = fakePublicApi({
      events: [{ stream: true }],
      messages: [listing(welcome, withCode)],
    });

    const { code, message } = await waitForCode(clientOf(api), { match: { subject: 'shop' } });

    expect(code).toBe('482913');
    expect(message.id).toBe(withCode.id);
    // The summaries carry the codes: no message was read.
    expect(api.requests.map((request) => request.path)).toEqual(['/v1/events', '/v1/messages']);
  });

  it('keep the caller’s filter: a code from another sender is not the one waited for', async () => {
    const other = summary({
      from: { name: 'Bank', address: 'otp@bank.example' },
      codes: [{ value: '111111', context: 'Bank code 111111' }],
      link: verify,
    });
    const api = fakePublicApi({ events: [{ stream: true }], messages: [listing(other)] });
    const waiting = waitForLink(clientOf(api), { match: { from: 'shop.example' } });
    await until(() => api.requests.length === 2);
    const mine = summary({ link: verify });
    api.streams[0]!.send(mine);

    const { link, message } = await waiting;
    expect(link).toEqual(verify);
    expect(message.id).toBe(mine.id);
  });

  it('time out as waitForMessage does, saying when a match came without one', async () => {
    const api = fakePublicApi({ events: [{ stream: true }], messages: [listing()] });
    const nothing = await waitForCode(clientOf(api), { timeout: 50 }).catch((error) => error);
    expect(nothing).toBeInstanceOf(TempMailTimeoutError);
    expect(nothing.message).toBe('No matching message arrived within 0.1 s.');

    const welcome = fakePublicApi({
      events: [{ stream: true }],
      messages: [listing(summary({ subject: 'Welcome to Shop' }))],
    });
    const noCode = await waitForCode(clientOf(welcome), { timeout: 50 }).catch((error) => error);
    expect(noCode).toBeInstanceOf(TempMailTimeoutError);
    expect(noCode.message).toBe(
      'No matching message with a code arrived within 0.1 s: the last one that matched ("Welcome to Shop") has none.',
    );
    expect(noCode.lacking).toEqual({ what: 'a code', subject: 'Welcome to Shop' });
    const noLink = await waitForLink(clientOf(welcome), { timeout: 50 }).catch((error) => error);
    expect(noLink.message).toMatch(/^No matching message with a link arrived/);
  });

  it('run the caller’s own predicate only on messages that have what is waited for', async () => {
    const seen: string[] = [];
    const api = fakePublicApi({
      events: [{ stream: true }],
      messages: [listing(summary({ subject: 'Welcome' }))],
    });
    const waited = await waitForCode(clientOf(api), {
      timeout: 50,
      // A predicate may cost a request: none is spent on a message without a code.
      match: (message) => {
        seen.push(message.subject);
        return true;
      },
    }).catch((error) => error);
    expect(seen).toEqual([]);
    // Nothing was tested against the caller's predicate, so nothing is said to have matched.
    expect(waited.message).toBe('No matching message arrived within 0.1 s.');
  });

  it('say the time waited as it was given: tenths under 10 s, whole seconds after', () => {
    const said = (ms: number) => new TempMailTimeoutError(ms).message;
    expect(said(1_500)).toBe('No matching message arrived within 1.5 s.');
    expect(said(2_000)).toBe('No matching message arrived within 2 s.');
    expect(said(30_000)).toBe('No matching message arrived within 30 s.');
  });
});
