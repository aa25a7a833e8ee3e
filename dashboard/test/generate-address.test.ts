// The address lifecycle's calls against a stand-in for the mail.tm surface: the retry rule
// and the failure each answer maps to. The real server is driven by home-page.test.ts.
import { createTempMailClient } from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';
import { GenerateAddressError, generateAddress } from '../src/features/address/generate-address.js';
import { FREE_ADDRESS_LIFETIME_MS } from '../src/features/address/address-timing.js';

type Route = (request: Request) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/ld+json' },
  });

const domains = json(200, {
  'hydra:member': [
    { id: 'd0', domain: 'off.test', isActive: false },
    { id: 'd1', domain: 'tempmail.test', isActive: true },
  ],
  'hydra:totalItems': 2,
});

function standIn(routes: Record<string, Route>) {
  const calls: string[] = [];
  const client = createTempMailClient({
    baseUrl: 'http://mail.test',
    fetch: async (input) => {
      const request = input as Request;
      const key = `${request.method} ${new URL(request.url).pathname}`;
      calls.push(key);
      const route = routes[key];
      return route ? route(request) : json(404, { detail: 'Not Found' });
    },
  });
  return { client, calls };
}

function recordSleeps() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('generateAddress', () => {
  it('makes an account on the first active domain and reads its token', async () => {
    let created = '';
    let password = '';
    const { client } = standIn({
      'GET /domains': () => domains.clone(),
      'POST /accounts': async (request) => {
        const body = (await request.json()) as { address: string; password: string };
        expect(body.password.length).toBeGreaterThanOrEqual(16);
        created = body.address;
        password = body.password;
        return json(201, { id: 'acc1', address: body.address });
      },
      'POST /token': () => json(200, { id: 'acc1', token: 'jwt' }),
    });
    const mailbox = await generateAddress({ client, now: () => 1000 });
    expect(created).toMatch(/^[a-z0-9]{10}@tempmail\.test$/);
    expect(mailbox).toEqual({
      address: created,
      expiresAt: 1000 + FREE_ADDRESS_LIFETIME_MS,
      account: { id: 'acc1', password, token: 'jwt' },
    });
  });

  it('retries a taken address 5 times in all with the backoff, then gives up', async () => {
    const { client, calls } = standIn({
      'GET /domains': () => domains.clone(),
      'POST /accounts': () => json(422, { detail: 'address: This value is already used.' }),
    });
    const { waits, sleep } = recordSleeps();
    const failure = await generateAddress({ client, sleep }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GenerateAddressError);
    expect((failure as GenerateAddressError).reason).toBe('address-taken');
    expect(calls.filter((call) => call === 'POST /accounts')).toHaveLength(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('succeeds on a later attempt under a new name', async () => {
    const tried = new Set<string>();
    const { client } = standIn({
      'GET /domains': () => domains.clone(),
      'POST /accounts': async (request) => {
        const { address } = (await request.json()) as { address: string };
        tried.add(address);
        return tried.size < 3 ? json(422, {}) : json(201, { id: 'acc3', address });
      },
      'POST /token': () => json(200, { id: 'acc3', token: 'jwt' }),
    });
    const { sleep } = recordSleeps();
    expect((await generateAddress({ client, sleep })).account.id).toBe('acc3');
    expect(tried.size).toBe(3);
  });

  it('stops at once on 429', async () => {
    const { client, calls } = standIn({
      'GET /domains': () => domains.clone(),
      'POST /accounts': () => json(429, { code: 429, message: 'Too Many Requests' }),
    });
    await expect(generateAddress({ client })).rejects.toMatchObject({ reason: 'rate-limited' });
    expect(calls).toEqual(['GET /domains', 'POST /accounts']);
  });

  it('names each other failure', async () => {
    const noDomains = standIn({
      'GET /domains': () => json(200, { 'hydra:member': [], 'hydra:totalItems': 0 }),
    });
    await expect(generateAddress(noDomains)).rejects.toMatchObject({ reason: 'no-domains' });

    const domainsDown = standIn({ 'GET /domains': () => json(500, { detail: 'boom' }) });
    await expect(generateAddress(domainsDown)).rejects.toMatchObject({ reason: 'domains-failed' });

    const refused = standIn({
      'GET /domains': () => domains.clone(),
      'POST /accounts': () => json(400, { detail: 'bad' }),
    });
    await expect(generateAddress(refused)).rejects.toMatchObject({ reason: 'account-failed' });

    const down = standIn({
      'GET /domains': () => domains.clone(),
      'POST /accounts': () => json(503, { detail: 'down' }),
    });
    const { sleep } = recordSleeps();
    await expect(generateAddress({ ...down, sleep })).rejects.toMatchObject({
      reason: 'unavailable',
    });
  });

  it('stops when aborted, without another attempt', async () => {
    const controller = new AbortController();
    const { client, calls } = standIn({
      'GET /domains': () => domains.clone(),
      'POST /accounts': () => {
        controller.abort();
        return json(422, {});
      },
    });
    await expect(generateAddress({ client, signal: controller.signal })).rejects.toBeDefined();
    expect(calls.filter((call) => call === 'POST /accounts')).toHaveLength(1);
  });
});
