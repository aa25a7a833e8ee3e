// Another user of the machine reads nothing the real server keeps: DATA_DIR is 0700 and every
// file in it 0600 (the database and its WAL hold every message, jwt-secret signs mailbox
// tokens, the outbox holds mail with live sign-in links), whether the server made the folder
// or an older version left it 0755 with 0644 files. The child inherits this umask (022), which
// alone would make 0755 folders and 0644 files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../support/start-server.js';
import { send } from './hostile-client.js';

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-permissions-'));
const dataDir = path.join(parent, 'data');
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** The real server on `dataDir`, with its own JWT key and contact mail going to the outbox. */
const start = () => startServer({ dataDir, env: { SUPPORT_EMAIL: 'support@operator.example' } });

/** Everything in DATA_DIR, relative, with its mode. */
function modesIn(dir: string): Record<string, number> {
  const modes: Record<string, number> = { '.': modeOf(dir) };
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    modes[entry] = modeOf(path.join(dir, entry));
  return modes;
}

/** Sends the contact form, which writes one mail to the outbox; resolves with its file. */
async function writeOutboxMail(url: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  const response = await send(url, {
    method: 'POST',
    path: '/api/contact',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'A question about forwarding.',
    }),
  });
  expect(response.status, response.text).toBe(202);
  const written = fs.readdirSync(outbox).filter((file) => !before.has(file));
  expect(written).toHaveLength(1);
  return path.join('outbox', written[0]!);
}

describe('DATA_DIR', () => {
  it('is made 0700 with every file in it 0600: database, WAL, JWT key, outbox mail', async () => {
    const server = await start();
    try {
      const mail = await writeOutboxMail(server.url);
      const modes = modesIn(dataDir);
      expect(modes).toMatchObject({
        '.': 0o700,
        'tempmail.db': 0o600,
        'tempmail.db-wal': 0o600,
        'tempmail.db-shm': 0o600,
        'jwt-secret': 0o600,
        outbox: 0o700,
        [mail]: 0o600,
      });
      for (const [entry, mode] of Object.entries(modes))
        expect(mode & 0o077, `${entry} is ${mode.toString(8)}`).toBe(0);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 90_000);

  it('is closed again at start when an older version left it 0755 with 0644 files', async () => {
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'outbox'), 0o755);
    fs.chmodSync(path.join(dataDir, 'tempmail.db'), 0o644);
    const server = await start();
    try {
      const modes = modesIn(dataDir);
      expect(modes).toMatchObject({
        '.': 0o700,
        'tempmail.db': 0o600,
        'tempmail.db-wal': 0o600,
      });
      const mail = await writeOutboxMail(server.url);
      expect(modeOf(path.join(dataDir, mail))).toBe(0o600);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 90_000);
});
