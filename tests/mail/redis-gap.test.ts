// Redis goes away and comes back while streams are open on one node and mail arrives on
// another: the events published meanwhile never reach Redis, so when the subscription is
// back the streams read what they missed from the database (EventBus.onResync). Runs when
// TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets them when the services answer).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenForText } from '../support/listen-for-text.js';
import { createScopedDatabase } from '../support/scoped-database.js';
import { sendMail } from '../support/send-mail.js';
import { describeWithServices } from '../support/describe-with-services.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { createMailTmAccount } from '../support/mail-tm-account.js';

describeWithServices('a gap in Redis', { redis: true }, ({ databaseUrl, redisUrl }) => {
  let database: Awaited<ReturnType<typeof createScopedDatabase>>;
  let redis: TcpProxy;
  let mailNode: RunningServer;
  let streamNode: RunningServer;

  beforeAll(async () => {
    database = await createScopedDatabase(databaseUrl, 'tm_redis_gap');
    const target = new URL(redisUrl);
    // Both nodes reach the shared Redis through a proxy this test can cut.
    redis = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      JWT_SECRET: 'redis-gap-test-secret-redis-gap-test-secret',
      MAILTM_RATE_LIMIT: '100000',
    };
    [mailNode, streamNode] = await Promise.all([startServer({ env }), startServer({ env })]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([mailNode?.stop(), streamNode?.stop()]);
    await redis?.close();
    await database?.drop();
  });

  it('sends open streams on another node what arrived while Redis was away', async () => {
    const created = await fetch(`${streamNode.url}/v1/generate-email`, { method: 'POST' });
    const { address, token } = (await created.json()) as { address: string; token: string };
    const v1 = await listenForText(
      `${streamNode.url}/v1/events`,
      { Authorization: `Bearer ${token}` },
      '"subject":"during the gap"',
      30_000,
    );
    await v1.opened;
    // A mail.tm client's stream too (the free dashboard's): no replay in mail.tm's terms,
    // but an open stream still gets what it missed.
    const { id, token: jwt } = await createMailTmAccount(streamNode.url, 'gap@tempmail.test');
    const mercure = await listenForText(
      `${streamNode.url}/.well-known/mercure?topic=/accounts/${id}`,
      { Authorization: `Bearer ${jwt}` },
      '"subject":"during the gap"',
      30_000,
    );
    await mercure.opened;

    await redis.cut();
    await sendMail(mailNode.smtpPort, {
      from: 'Shop <no-reply@shop.example>',
      to: [address, 'gap@tempmail.test'],
      subject: 'during the gap',
      text: 'Sent while Redis was away.',
    });
    // Stored and listed on the node that took it, with nowhere to publish the event.
    const listed = async () => {
      const response = await fetch(`${mailNode.url}/v1/messages`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { total: number }).total;
    };
    await expect.poll(listed, { timeout: 10_000 }).toBe(1);

    await redis.restore();
    expect((await v1.text).match(/"subject":"during the gap"/g)).toHaveLength(1);
    expect((await mercure.text).match(/"subject":"during the gap"/g)).toHaveLength(1);
  }, 45_000);
});
