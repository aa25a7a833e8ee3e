// With REDIS_URL set but Redis not answering, a node keeps working on its own: mail is
// accepted and stored, the API serves with rate limits counted in memory, and live events
// reach streams held on the same node.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForText } from '../support/listen-for-text.js';
import { sendMail } from '../support/send-mail.js';
import { freePort, startServer, type RunningServer } from '../support/start-server.js';

let server: RunningServer;
let silentRedis: net.Server;

beforeAll(async () => {
  // A "Redis" that accepts connections and never answers: commands hang until they time out.
  const port = await freePort();
  silentRedis = net.createServer(() => undefined).listen(port, '127.0.0.1');
  server = await startServer({
    env: { REDIS_URL: `redis://127.0.0.1:${port}`, API_FREE_REQUESTS_PER_HOUR: '3' },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  silentRedis?.close();
});

describe('Redis not answering', () => {
  it('accepts mail, serves the API, limits in memory and streams events locally', async () => {
    const created = await fetch(`${server.url}/v1/generate-email`, { method: 'POST' });
    expect(created.status).toBe(201);
    const { address, token } = (await created.json()) as { address: string; token: string };
    const auth = { Authorization: `Bearer ${token}` };

    const stream = await listenForText(`${server.url}/v1/events`, auth, 'event: message');
    expect(stream.status).toBe(200);
    expect(stream.headers.get('ratelimit-remaining')).toBe('2');
    await stream.opened;
    await sendMail(server.smtpPort, {
      from: 'Shop <no-reply@shop.example>',
      to: address,
      subject: 'while redis is away',
      text: 'Hello.',
    });
    const text = await stream.text;
    expect(text).toContain('"subject":"while redis is away"');

    const list = await fetch(`${server.url}/v1/messages`, { headers: auth });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBe(1);
    // Stream, listing, this one: three of three; the next is refused, counted in memory.
    expect((await fetch(`${server.url}/v1/domains`, { headers: auth })).status).toBe(200);
    const refused = await fetch(`${server.url}/v1/messages`, { headers: auth });
    expect(refused.status).toBe(429);
  }, 30_000);
});
