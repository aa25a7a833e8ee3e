// The generated SDK against the real server process: the path every client takes.
import { createTempMailClient, getHealth, getReadiness, getUser } from '@tempmail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/start-server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
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

  it('surfaces the standard error body of operations not built yet', async () => {
    const client = createTempMailClient({ baseUrl: server.url });
    const result = await getUser({ client });
    expect(result.response.status).toBe(501);
    expect(result.error).toMatchObject({ code: 'not_implemented' });
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await server.stop()).toBe(0);
  });
});
