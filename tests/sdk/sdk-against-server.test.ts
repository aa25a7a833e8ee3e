// The generated SDK against the real server process: the path every client takes.
import { createTempMailClient, getHealth, getReadiness, getUser, listDomains } from '@tempmail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/start-server.js';

let server: RunningServer;

beforeAll(async () => {
  // A long grace period: the stop test shows streams are ended, not waited out.
  server = await startServer({ env: { SHUTDOWN_GRACE_MS: '60000' } });
});
afterAll(async () => {
  if (server.process.exitCode === null) await server.stop();
});

describe('the sdk against a running server', () => {
  it('reads the probes', async () => {
    const client = createTempMailClient({ baseUrl: server.url });
    const health = await getHealth({ client });
    expect(health.data).toEqual({ status: 'ok' });
    const readiness = await getReadiness({ client });
    expect(readiness.data).toEqual({ status: 'ready', checks: { database: { ok: true } } });
  });

  it('surfaces the standard error body and the rate-limit headers', async () => {
    const client = createTempMailClient({ baseUrl: server.url, token: 'not-a-token' });
    const result = await listDomains({ client });
    expect(result.response.status).toBe(401);
    expect(result.error).toMatchObject({ code: 'unauthorized' });
    expect(result.response.headers.get('ratelimit-limit')).toBe('60');
  });

  it('gets a visitor a user through the product API', async () => {
    const client = createTempMailClient({ baseUrl: server.url });
    const result = await getUser({ client });
    expect(result.data).toMatchObject({ plan: 'free', isPro: false, email: null });
  });

  it('stops cleanly on SIGTERM, ending open event streams', async () => {
    const headers = { 'Content-Type': 'application/json' };
    const body = JSON.stringify({ address: 'stream@tempmail.test', password: 'secret123' });
    const { id } = (await (
      await fetch(`${server.url}/accounts`, { method: 'POST', headers, body })
    ).json()) as { id: string };
    const { token } = (await (
      await fetch(`${server.url}/token`, { method: 'POST', headers, body })
    ).json()) as { token: string };
    const stream = await fetch(
      `${server.url}/.well-known/mercure?topic=/accounts/${id}&authorization=${token}`,
    );
    const reader = stream.body!.getReader();
    await reader.read();

    const exitCode = server.stop();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(await exitCode).toBe(0);
  });
});
