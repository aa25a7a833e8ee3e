// Making an address against a stand-in for POST /api/addresses: the retry rule, the failure
// each answer maps to, and the expiry put on this browser's clock. The real server is driven
// by home-page.test.ts and session-addresses.test.ts.
import { createTempMailClient } from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';
import { GenerateAddressError, generateAddress } from '../src/features/address/generate-address.js';

const MADE = {
  id: 'mb1',
  address: 'k7x2m9q4za@tempmail.test',
  createdAt: '2026-11-22T09:00:00.000Z',
  expiresAt: '2026-11-22T10:00:00.000Z',
  token: 'jwt',
  endsAt: null,
  endsAfterFirstMessage: false,
  ended: false,
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** A client whose POST /api/addresses answers from `answers` in turn (an Error: no answer). */
function standIn(answers: (Response | Error)[]) {
  const calls: string[] = [];
  const client = createTempMailClient({
    baseUrl: 'http://mail.test',
    retryRateLimited: false,
    fetch: async (input) => {
      const request = input as Request;
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      const answer = answers.shift() ?? json(500, {});
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return { client, calls };
}

function recordSleeps() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('generateAddress', () => {
  it('answers the session’s new address with its mailbox and token', async () => {
    const serverNow = Date.parse(MADE.createdAt);
    const { client, calls } = standIn([json(201, MADE)]);
    const made = await generateAddress({ client, now: () => serverNow + 300 });
    expect(calls).toEqual(['POST /api/addresses']);
    expect(made).toEqual({
      address: MADE.address,
      expiresAt: Date.parse(MADE.expiresAt),
      account: { id: 'mb1', token: 'jwt' },
    });
  });

  it('moves the expiry onto a browser clock that is off', async () => {
    const serverNow = Date.parse(MADE.createdAt);
    const { client } = standIn([json(201, MADE)]);
    // This browser's clock is an hour ahead: the hour left must still show as an hour, to the
    // millisecond (the creation time is exact, unlike a Date header's whole seconds).
    const made = await generateAddress({ client, now: () => serverNow + 3_600_000 });
    expect(made.expiresAt - (serverNow + 3_600_000)).toBe(3_600_000);
  });

  it('tries again after no answer or a 5xx, with the backoff, 5 times in all', async () => {
    const { client, calls } = standIn([
      new TypeError('fetch failed'),
      json(503, { code: 'unavailable', message: 'down' }),
      json(201, MADE),
    ]);
    const { waits, sleep } = recordSleeps();
    expect((await generateAddress({ client, sleep })).address).toBe(MADE.address);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);

    const down = standIn([]);
    const gaveUp = recordSleeps();
    await expect(generateAddress({ client: down.client, sleep: gaveUp.sleep })).rejects.toEqual(
      new GenerateAddressError('unavailable'),
    );
    expect(down.calls).toHaveLength(5);
    expect(gaveUp.waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('stops at once on 429 and on any other refusal', async () => {
    const busy = standIn([
      json(429, { code: 'rate_limited', message: 'Too many' }, { 'Retry-After': '42' }),
    ]);
    await expect(generateAddress(busy)).rejects.toMatchObject({ reason: 'rate-limited' });
    expect(busy.calls).toHaveLength(1);

    const refused = standIn([json(403, { code: 'forbidden', message: 'Origin' })]);
    await expect(generateAddress(refused)).rejects.toMatchObject({ reason: 'refused' });
    expect(refused.calls).toHaveLength(1);
  });

  it('stops when aborted, without another attempt', async () => {
    const controller = new AbortController();
    const { client, calls } = standIn([json(503, {})]);
    const sleep = async () => {
      controller.abort();
      throw new Error('aborted');
    };
    await expect(generateAddress({ client, signal: controller.signal, sleep })).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});
