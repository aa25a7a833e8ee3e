// Forwarding survives a crash (issue 8): a Pro user's address with confirmed forwarding takes
// mail over SMTP, the server is killed (SIGKILL) at a random moment while it receives and
// forwards, and after a restart on the same data every message that got 250 reaches the
// relay. Each goes once, except that the one copy in flight at the kill (accepted by the
// relay, not yet marked sent) may go a second time, under the same Message-ID: SMTP gives a
// sender no way to learn whether a relay kept a message it never heard the reply for. The
// relay is a sink in this process, so it outlives the server. On SQLite, and on PostgreSQL
// when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, createCrashDataDir } from '../support/crash-backends.js';
import { startRelaySink, type RelaySink } from '../support/relay-sink.js';
import { runThenCleanUp } from '../support/run-then-clean-up.js';
import { killDuringLoad } from '../support/send-until-stopped.js';
import { startServer, type RunningServer } from '../support/start-server.js';

/** Below the daily forwarding allowance (100), so nothing is held for tomorrow. */
const MAX_MESSAGES = 90;
const CONNECTIONS = 3;
/** Between messages on one connection: spreads the load over the moment of the kill. */
const PAUSE_MS = 40;
const DESTINATION = 'owner@real.example';
/** How long, after the restart, every copy may take to reach the relay and be marked sent. */
const SETTLED_WITHIN_MS = 90_000;
/**
 * Above the sum of the bounds inside (two starts of 60 s at most, the load, the settling), so
 * that one of those fails first and says which step did not finish.
 */
const TEST_TIMEOUT_MS = 300_000;

/** A dashboard visitor: its session cookie (kept current), sent with our Origin on state-changing calls. */
async function openBrowser(server: RunningServer) {
  const first = await fetch(`${server.url}/api/user`);
  expect(first.status).toBe(200);
  let cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
  const call = async (target: RunningServer, path: string, body?: object) => {
    const response = await fetch(`${target.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        Cookie: cookie,
        Origin: target.url,
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body && JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.status, `${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
    // A purchase replaces the session cookie, as it does a browser's.
    const renewed = response.headers.getSetCookie().find((line) => line.startsWith('tm_session='));
    if (renewed) cookie = renewed.split(';')[0]!;
    return json;
  };
  return { call };
}

/** Buys Pro through the demo checkout, makes an address, and confirms forwarding of it. */
async function proWithForwarding(server: RunningServer, sink: RelaySink) {
  const browser = await openBrowser(server);
  const checkout = await browser.call(server, '/api/create-checkout-session', {
    plan: 'pro_monthly',
  });
  const session = new URL(String(checkout.url)).pathname.split('/').pop();
  await browser.call(server, `/api/demo-checkout/${session}/complete`, {
    email: 'crash-owner@example.com',
  });
  const { address } = await browser.call(server, '/api/create-custom-email', {
    alias: 'crashfwd',
    domain: 'tempmail.test',
  });
  await browser.call(server, '/api/update-forwarding', {
    forwardingEmail: DESTINATION,
    enabled: true,
  });
  const confirmation = (await sink.received()).find((mail) => mail.to.includes(DESTINATION));
  expect(confirmation, 'the forwarding confirmation at the relay').toBeDefined();
  const token = /token=([A-Za-z0-9_-]{43})/.exec(confirmation!.parsed.text)![1]!;
  await browser.call(server, '/api/forwarding/confirm', { token });
  return { browser, address: String(address) };
}

/** The forwarded copies at the sink, by the subject of the message each copies. */
async function copiesBySubject(sink: RelaySink): Promise<Map<string, (string | undefined)[]>> {
  const copies = new Map<string, (string | undefined)[]>();
  for (const mail of await sink.received()) {
    const original = /^\[Forwarded\] (crash-fwd-\d+)$/.exec(mail.parsed.subject)?.[1];
    if (!original || !mail.to.includes(DESTINATION)) continue;
    copies.set(original, [...(copies.get(original) ?? []), mail.parsed.messageId]);
  }
  return copies;
}

describe.each(backends)('a crash while forwarding on $name', (backend) => {
  afterAll(() => backend.cleanup());

  it(
    'forwards every acknowledged message, once but for the copy in flight at the kill',
    async () => {
      // Its own sink per back end: the copies counted are this run's alone.
      const sink = await startRelaySink();
      const env = {
        ...(await backend.env()),
        SMTP_RELAY_URL: sink.url,
        MAIL_FROM: 'TempMail <no-reply@tempmail.test>',
      };
      const dataDir = createCrashDataDir();
      let server: RunningServer | undefined;
      await runThenCleanUp(
        async () => {
          server = await startServer({ env, dataDir });
          const { browser, address } = await proWithForwarding(server, sink);
          // Forwarding runs every second beside the intake: pull the plug most likely with both
          // under way.
          const acknowledged = await killDuringLoad(server, address, {
            prefix: 'crash-fwd',
            connections: CONNECTIONS,
            maxMessages: MAX_MESSAGES,
            pauseMs: PAUSE_MS,
            acknowledgedBeforeKill: 6,
            killBetweenMs: [500, 2_000],
          });
          const forwardedBeforeKill = (await copiesBySubject(sink)).size;

          server = await startServer({ env, dataDir });
          // Settled when every parsed message's delivery is marked sent: a copy the kill left in
          // doubt is sent again (its claim lapses in 30 s) before it is marked, so nothing
          // arrives after. Parsing of mail committed before the kill resumes at start.
          let stored: string[] = [];
          let copies = new Map<string, (string | undefined)[]>();
          const deadline = Date.now() + SETTLED_WITHIN_MS;
          for (;;) {
            const inbox = await browser.call(server, '/api/messages-all');
            stored = (inbox.messages as { subject: string }[]).map((message) => message.subject);
            const { forwardedToday } = await browser.call(server, '/api/forwarding-settings');
            copies = await copiesBySubject(sink);
            const settled =
              acknowledged.every((subject) => stored.includes(subject)) &&
              forwardedToday === stored.length &&
              stored.every((subject) => copies.has(subject));
            if (settled || Date.now() > deadline) break;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }

          const missing = acknowledged.filter((subject) => !copies.has(subject));
          expect(missing, 'acknowledged but never forwarded').toEqual([]);
          const notStored = [...copies.keys()].filter((subject) => !stored.includes(subject));
          expect(notStored, 'forwarded but not in the inbox').toEqual([]);
          const sentTwice = [...copies].filter(([, ids]) => ids.length > 1);
          expect(sentTwice.length, 'copies sent more than once').toBeLessThanOrEqual(1);
          for (const [subject, ids] of copies) {
            expect(ids.length, `copies of ${subject}`).toBeLessThanOrEqual(2);
            expect(new Set(ids).size, `Message-IDs of the copies of ${subject}`).toBe(1);
            expect(ids[0], `Message-ID of ${subject}`).toMatch(/^<forward\.[0-9a-f]{24}\./);
          }
          console.warn(
            `crash-forwarding on ${backend.name}: ${acknowledged.length} acknowledged, ${stored.length} stored, ${forwardedBeforeKill} forwarded before the kill, ${copies.size} after; sent twice: ${sentTwice.map(([subject]) => subject).join(', ') || 'none'}`,
          );
        },
        () => server?.stop(),
        () => sink.close(),
        () => backend.check(dataDir),
        () => fs.rmSync(dataDir, { recursive: true, force: true }),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
