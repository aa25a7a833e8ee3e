// Nothing acknowledged is lost: messages go in over SMTP on several connections, the server
// is killed (SIGKILL) at a random moment mid-stream, and after a restart on the same data
// every message that got 250 is there exactly once, parsed. On SQLite, and on PostgreSQL
// when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, createCrashDataDir } from '../support/crash-backends.js';
import { runThenCleanUp } from '../support/run-then-clean-up.js';
import { killDuringLoad } from '../support/send-until-stopped.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { createMailTmAccount } from '../support/mail-tm-account.js';

const CONNECTIONS = 6;
const MAX_MESSAGES = 2_000;
const HTTP_ENV = { MAILTM_RATE_LIMIT: '100000' };
/** How long recovery may take to parse what the crash left unparsed, on a busy machine. */
const PARSED_WITHIN_MS = 60_000;
/**
 * Above the sum of the bounds inside (two starts of 60 s at most, the load, the parse wait),
 * so that one of those fails first and says which step did not finish.
 */
const TEST_TIMEOUT_MS = 240_000;

/** Every message in the mailbox, following mail.tm's paging. */
async function readInbox(
  server: RunningServer,
  token: string,
): Promise<{ subject: string; intro: string }[]> {
  const all: { subject: string; intro: string }[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${server.url}/messages?page=${page}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    const body = await response.text();
    expect(response.status, `GET /messages?page=${page}: ${body}`).toBe(200);
    const items = JSON.parse(body) as { subject: string; intro: string }[];
    all.push(...items);
    if (items.length < 30) return all;
  }
}

describe.each(backends)('a crash during SMTP load on $name', (backend) => {
  afterAll(() => backend.cleanup());

  it(
    'keeps every acknowledged message, parsed, and duplicates none',
    async () => {
      const env = { ...HTTP_ENV, ...(await backend.env()) };
      const dataDir = createCrashDataDir();
      let server: RunningServer | undefined;
      await runThenCleanUp(
        async () => {
          server = await startServer({ env, dataDir });
          const token = (await createMailTmAccount(server.url, 'crash@tempmail.test')).token;
          // Let traffic build up, then pull the plug.
          const acknowledged = await killDuringLoad(server, 'crash@tempmail.test', {
            prefix: 'crash',
            connections: CONNECTIONS,
            maxMessages: MAX_MESSAGES,
            acknowledgedBeforeKill: 21,
            killBetweenMs: [0, 900],
          });

          server = await startServer({ env, dataDir });
          // Recovery parses in the background after start: wait until every message reads parsed.
          let inbox: { subject: string; intro: string }[];
          const deadline = Date.now() + PARSED_WITHIN_MS;
          do {
            inbox = await readInbox(server, token);
            if (inbox.every((message) => message.intro !== '')) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
          } while (Date.now() < deadline);

          const stored = inbox.map((message) => message.subject);
          const missing = acknowledged.filter((subject) => !stored.includes(subject));
          expect(missing, 'acknowledged but lost').toEqual([]);
          expect(stored.length - new Set(stored).size, 'duplicates').toBe(0);
          const unparsed = inbox
            .filter((message) => message.intro === '')
            .map((message) => message.subject);
          expect(unparsed, 'stored but never parsed').toEqual([]);
          console.warn(
            `crash test on ${backend.name}: ${acknowledged.length} acknowledged before SIGKILL, ${stored.length} stored after restart (extra ones were committed but their 250 was lost with the process)`,
          );
        },
        () => server?.stop(),
        () => backend.check(dataDir),
        () => fs.rmSync(dataDir, { recursive: true, force: true }),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
