// One service out of processes with different roles (ROLE=web|smtp|worker) on one
// PostgreSQL and one Redis: mail taken by the SMTP node reaches the web node's API and
// event stream; each process answers the probes and nothing it does not run. Runs when
// TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets them when the services answer).
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenForText } from '../support/listen-for-text.js';
import { createScopedDatabase } from '../support/scoped-database.js';
import { sendMail } from '../support/send-mail.js';
import { describeWithServices } from '../support/describe-with-services.js';
import { startServer, type RunningServer } from '../support/start-server.js';

/** Whether anything accepts a TCP connection on the port. */
function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describeWithServices(
  'roles on PostgreSQL and Redis',
  { redis: true },
  ({ databaseUrl, redisUrl }) => {
    let database: Awaited<ReturnType<typeof createScopedDatabase>>;
    let web: RunningServer;
    let smtp: RunningServer;
    let worker: RunningServer;

    beforeAll(async () => {
      database = await createScopedDatabase(databaseUrl, 'tm_roles');
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        JWT_SECRET: 'roles-test-secret-roles-test-secret-roles',
        API_FREE_REQUESTS_PER_HOUR: '100000',
        // Counts in the shared Redis outlive the run: the address budget of 127.0.0.1 would
        // fill up over repeated runs within an hour.
        ADDRESS_CREATION_PER_MINUTE: '100000',
        ADDRESS_CREATION_PER_HOUR: '100000',
      };
      // The first one migrates the schema; the others find it done.
      web = await startServer({ env: { ...env, ROLE: 'web' } });
      [smtp, worker] = await Promise.all([
        startServer({ env: { ...env, ROLE: 'smtp' } }),
        startServer({ env: { ...env, ROLE: 'worker' } }),
      ]);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([web?.stop(), smtp?.stop(), worker?.stop()]);
      await database?.drop();
    });

    it('runs only its part, and answers the probes everywhere', async () => {
      for (const node of [web, smtp, worker]) {
        expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
        expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
      }
      expect((await fetch(`${web.url}/v1/domains`)).status).toBe(200);
      for (const node of [smtp, worker]) {
        expect((await fetch(`${node.url}/v1/domains`)).status).toBe(404);
      }
      expect(await listens(smtp.smtpPort)).toBe(true);
      expect(await listens(web.smtpPort)).toBe(false);
      expect(await listens(worker.smtpPort)).toBe(false);
    });

    it('delivers mail taken by the SMTP node to the web node, live', async () => {
      const created = await fetch(`${web.url}/v1/generate-email`, { method: 'POST' });
      const { address, token } = (await created.json()) as { address: string; token: string };
      const auth = { Authorization: `Bearer ${token}` };
      const stream = await listenForText(`${web.url}/v1/events`, auth, 'event: message');
      expect(stream.status).toBe(200);
      await stream.opened; // ': connected': subscribed before the mail is sent
      await sendMail(smtp.smtpPort, {
        from: 'Shop <no-reply@shop.example>',
        to: address,
        subject: 'across roles',
        text: 'Your code is 481516.',
      });
      const text = await stream.text;
      expect(text).toContain('"subject":"across roles"');
      const list = (await (await fetch(`${web.url}/v1/messages`, { headers: auth })).json()) as {
        total: number;
      };
      expect(list.total).toBe(1);
    }, 30_000);
  },
);
