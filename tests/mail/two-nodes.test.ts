// Several stateless nodes on one PostgreSQL and one Redis: mail received over SMTP by one
// node reaches a live stream held on another, and the public API's limits are counted once.
// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets them when the
// services answer).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenForText } from '../support/listen-for-text.js';
import { createScopedDatabase } from '../support/scoped-database.js';
import { sendMail } from '../support/send-mail.js';
import { describeWithServices } from '../support/describe-with-services.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { createMailTmAccount } from '../support/mail-tm-account.js';

describeWithServices(
  'two nodes on PostgreSQL and Redis',
  { redis: true },
  ({ databaseUrl, redisUrl }) => {
    let database: Awaited<ReturnType<typeof createScopedDatabase>>;
    let first: RunningServer;
    let second: RunningServer;

    beforeAll(async () => {
      database = await createScopedDatabase(databaseUrl, 'tm_nodes');
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        JWT_SECRET: 'two-node-test-secret-two-node-test-secret',
        MAILTM_RATE_LIMIT: '100000',
        // Counts in the shared Redis outlive the run: the address budget of 127.0.0.1 would
        // fill up over repeated runs within an hour.
        ADDRESS_CREATION_PER_MINUTE: '100000',
        ADDRESS_CREATION_PER_HOUR: '100000',
        // The public API's burst window is the shared count under test below.
        API_FREE_REQUESTS_PER_HOUR: '100000',
        API_BURST_REQUESTS_PER_MINUTE: '6',
      };
      first = await startServer({ env });
      second = await startServer({ env });
    }, 60_000);

    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
      await database?.drop();
    });

    it('delivers an event to a stream on the other node', async () => {
      // A token from one node works on the other: they share the database and the secret.
      const { id, token } = await createMailTmAccount(first.url, 'nodes@tempmail.test');

      const stream = await listenForText(
        `${second.url}/.well-known/mercure?topic=/accounts/${id}`,
        { Authorization: `Bearer ${token}` },
        '"@type":"Message"',
      );
      expect(stream.status).toBe(200);
      await sendMail(first.smtpPort, {
        from: 'a@sender.example',
        to: 'nodes@tempmail.test',
        subject: 'across nodes',
        text: 'Hi.',
      });
      const text = await stream.text;
      expect(text).toContain('"subject":"across nodes"');
    }, 30_000);

    it('shares one rate-limit count between the nodes through Redis', async () => {
      const { token } = await createMailTmAccount(first.url, 'limits@tempmail.test');
      const auth = { Authorization: `Bearer ${token}` };

      const remaining: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const node = i % 2 === 0 ? first : second;
        const response = await fetch(`${node.url}/v1/domains`, { headers: auth });
        expect(response.status).toBe(200);
        remaining.push(Number(response.headers.get('ratelimit-remaining')));
      }
      expect(remaining).toEqual([5, 4, 3, 2, 1, 0]);
      for (const node of [first, second]) {
        const refused = await fetch(`${node.url}/v1/domains`, { headers: auth });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });
  },
);
