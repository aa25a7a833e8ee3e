// A page on another site (another origin) calls the token APIs from a real Chromium, as a
// browser-based mail.tm client or a team's own test dashboard does: the mail.tm surface
// (account, token, live Mercure stream, list, mark read, delete) and `/v1` (a generated
// address, its long poll for the next message, the validators and limits it may read). The
// dashboard's cookie API stays closed to it. The server runs with every limit at its default.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from '../support/launch-chromium.js';
import { sendMail } from '../support/send-mail.js';
import { startServer, type RunningServer } from '../support/start-server.js';

const chromium = findChromium();
if (!chromium) console.warn('the token APIs from another site: SKIPPED, no chromium on PATH');

/** A site of its own: one empty page on its own port, so its origin is not the server's. */
async function startOtherSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const site = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Another site</title><p>Another site</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => site.close(() => resolve())),
  };
}

describe.skipIf(!chromium)('the token APIs from another site', () => {
  let server: RunningServer;
  let site: Awaited<ReturnType<typeof startOtherSite>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, site, browser] = await Promise.all([
      startServer(),
      startOtherSite(),
      launchChromium(chromium!),
    ]);
    page = await browser.newPage();
    await page.goto(site.url);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), site?.close(), server?.stop()]);
  });

  it('runs a mail.tm client: account, token, live stream, list, mark read, delete', async () => {
    const address = `cors-${Date.now()}@tempmail.test`;
    const client = page.evaluate(
      async ({ api, address }) => {
        const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
        const credentials = JSON.stringify({ address, password: 'secret123' });
        const domains = await (await fetch(`${api}/domains`, { headers: json })).json();
        const account = await (
          await fetch(`${api}/accounts`, { method: 'POST', headers: json, body: credentials })
        ).json();
        const { token } = await (
          await fetch(`${api}/token`, { method: 'POST', headers: json, body: credentials })
        ).json();
        const bearer = { ...json, Authorization: `Bearer ${token}` };
        // EventSource cannot set headers: the token goes in the query, as on Mercure hubs.
        const stream = new EventSource(
          `${api}/.well-known/mercure?topic=/accounts/${account.id}&authorization=${token}`,
        );
        await new Promise((resolve, reject) => {
          stream.onopen = resolve;
          stream.onerror = reject;
        });
        document.title = 'listening';
        const arrived = await new Promise<{ id: string; subject: string }>((resolve) => {
          stream.onmessage = (event) => {
            const data = JSON.parse(event.data);
            if (data['@type'] === 'Message') resolve(data);
          };
        });
        stream.close();
        const listed = await (await fetch(`${api}/messages`, { headers: bearer })).json();
        const patched = await fetch(`${api}/messages/${arrived.id}`, {
          method: 'PATCH',
          headers: { ...bearer, 'Content-Type': 'application/merge-patch+json' },
          body: JSON.stringify({ seen: true }),
        });
        const seen = (await patched.json()).seen;
        const deleted = await fetch(`${api}/messages/${arrived.id}`, {
          method: 'DELETE',
          headers: bearer,
        });
        const left = await (await fetch(`${api}/messages`, { headers: bearer })).json();
        return {
          domain: domains[0].domain,
          account: account.address,
          arrived: arrived.subject,
          listed: listed.map((message: { subject: string }) => message.subject),
          seen,
          deleted: deleted.status,
          left: left.length,
        };
      },
      { api: server.url, address },
    );
    await page.waitForFunction(() => document.title === 'listening');
    await sendMail(server.smtpPort, {
      from: 'Shop <no-reply@shop.example>',
      to: address,
      subject: 'Across sites',
      text: 'Read from another site.',
    });

    expect(await client).toEqual({
      domain: 'tempmail.test',
      account: address,
      arrived: 'Across sites',
      listed: ['Across sites'],
      seen: true,
      deleted: 204,
      left: 0,
    });
  });

  it('runs a /v1 client: a new address, its long poll, the validators and limits', async () => {
    const client = page.evaluate(async (api) => {
      const generated = await fetch(`${api}/v1/generate-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      const { address, token } = await generated.json();
      document.title = address;
      const bearer = { Authorization: `Bearer ${token}` };
      const next = await fetch(
        `${api}/v1/addresses/${encodeURIComponent(address)}/messages/next?timeout=15`,
        { headers: bearer },
      );
      const listed = await fetch(`${api}/v1/messages`, { headers: bearer });
      const etag = listed.headers.get('ETag');
      const again = await fetch(`${api}/v1/messages`, {
        headers: { ...bearer, 'If-None-Match': etag ?? '' },
      });
      return {
        generated: generated.status,
        next: (await next.json()).subject,
        etag,
        remaining: listed.headers.get('RateLimit-Remaining'),
        again: again.status,
      };
    }, server.url);
    await page.waitForFunction(() => document.title.includes('@'));
    await sendMail(server.smtpPort, {
      from: 'Shop <no-reply@shop.example>',
      to: await page.title(),
      subject: 'Your code is 482913',
      text: 'Your code is 482913.',
    });

    const seen = await client;
    expect(seen).toMatchObject({ generated: 201, next: 'Your code is 482913', again: 304 });
    expect(seen.etag).toMatch(/^"/);
    expect(Number(seen.remaining)).toBeGreaterThan(0);
  });

  it('keeps the cookie API closed to it', async () => {
    const outcome = await page.evaluate(async (api) => {
      try {
        await fetch(`${api}/api/user`, { credentials: 'include' });
        return 'read';
      } catch (error) {
        return (error as Error).name;
      }
    }, server.url);
    expect(outcome).toBe('TypeError');
  });
});
