// A webhook delivery end to end, short of the queue: the server's signature checked by the
// SDK's verifyWebhook at a real receiver on 127.0.0.1, and the targets a delivery must never
// reach, DNS rebinding included (a name that resolved to a public address when registered
// and to loopback when connected to).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupFunction } from 'node:net';
import { verifyWebhook } from '@tempmail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  isPublicAddress,
} from '../../api/src/features/webhooks/check-webhook-target.js';
import { postWebhook, WebhookTargetError } from '../../api/src/features/webhooks/post-webhook.js';
import {
  newWebhookSecret,
  SIGNATURE_HEADER,
  signWebhook,
} from '../../api/src/features/webhooks/sign-webhook.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(request.url === '/fail' ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** A resolver answering every name with `address`, as a rebinding attacker's DNS would. */
const resolvesTo =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

describe('signed deliveries', () => {
  it('are verified by the SDK, and refused when changed, re-signed wrongly or old', async () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const body = JSON.stringify({ type: 'message.received', codes: [{ value: '482913' }] });
    const now = Date.UTC(2026, 10, 27, 9, 0, 0);
    const signature = signWebhook(secret, body, now / 1000);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const answer = await postWebhook({
      url: `http://127.0.0.1:${port}/hook`,
      body,
      headers: { [SIGNATURE_HEADER]: signature },
      allowPrivate: true,
    });
    expect(answer.status).toBe(204);
    const delivered = received.at(-1)!;
    expect(delivered.body).toBe(body);
    expect(delivered.headers['content-type']).toBe('application/json');

    const verify = (headers: Record<string, string | string[] | undefined>, text = body) =>
      verifyWebhook(secret, headers, text, { now });
    expect(await verify(delivered.headers)).toBe(true);
    expect(await verify(new Headers({ 'TempMail-Signature': signature }) as never)).toBe(true);
    expect(await verify(delivered.headers, body.replace('482913', '000000'))).toBe(false);
    expect(await verifyWebhook('whsec_other', delivered.headers, body, { now })).toBe(false);
    expect(await verifyWebhook(secret, delivered.headers, body, { now: now + 301_000 })).toBe(
      false,
    );
    expect(await verify({})).toBe(false);
    expect(await verify({ 'tempmail-signature': 't=abc,v1=00' })).toBe(false);
  });

  it('report the receiver’s status, whatever it is', async () => {
    const answer = await postWebhook({
      url: `http://127.0.0.1:${port}/fail`,
      body: '{}',
      headers: {},
      allowPrivate: true,
    });
    expect(answer.status).toBe(500);
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('targets', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    // IPv4 in IPv6: mapped as URLs write it, IPv4-compatible, and SIIT's translated form.
    ['::ffff:7f00:1', false],
    ['::7f00:1', false],
    ['::ffff:0:a00:1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses URLs that cannot be webhooks, unless private targets are allowed', () => {
    expect(checkWebhookUrl('https://hooks.example.com/tempmail', false)).toBeUndefined();
    expect(checkWebhookUrl('ftp://hooks.example.com/', false)).toMatch(/https:\/\/ or http/);
    expect(checkWebhookUrl('https://user:pw@hooks.example.com/', false)).toMatch(/password/);
    expect(checkWebhookUrl('not a url', false)).toMatch(/not a valid URL/);
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:3000/',
      'http://localhost.:3000/',
      'http://localhost../',
      'http://hooks.localhost./',
      'http://[::7f00:1]/',
      'http://[::ffff:7f00:1]/',
    ]) {
      expect(checkWebhookUrl(url, false), url).toMatch(/private, loopback or link-local/);
      expect(checkWebhookUrl(url, true), url).toBeUndefined();
    }
  });

  it('never connects to loopback, even when a public-looking name resolves there at send time', async () => {
    const before = received.length;
    // Registered while it resolved to a public address; now the attacker's DNS answers loopback.
    expect(checkWebhookUrl(`http://rebind.example:${port}/hook`, false)).toBeUndefined();
    await expect(
      postWebhook({
        url: `http://rebind.example:${port}/hook`,
        body: '{}',
        headers: {},
        allowPrivate: false,
        lookup: resolvesTo('127.0.0.1'),
      }),
    ).rejects.toBeInstanceOf(WebhookTargetError);
    await expect(
      postWebhook({
        url: `http://127.0.0.1:${port}/hook`,
        body: '{}',
        headers: {},
        allowPrivate: false,
      }),
    ).rejects.toBeInstanceOf(WebhookTargetError);
    expect(received.length).toBe(before);
    // The operator's choice for self-hosting: the same name then reaches the receiver.
    const allowed = await postWebhook({
      url: `http://rebind.example:${port}/hook`,
      body: '{}',
      headers: {},
      allowPrivate: true,
      lookup: resolvesTo('127.0.0.1'),
    });
    expect(allowed.status).toBe(204);
  });
});
