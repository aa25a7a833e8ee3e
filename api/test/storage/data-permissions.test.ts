// DATA_DIR and what the server writes in it are its owner's alone: the database (every
// message), its WAL and shared memory, the key that signs mailbox tokens, and the outbox's
// mail with live sign-in links. Run under the usual umask 022, which alone gives 0755 and 0644.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJwtSecret } from '../../src/features/mailboxes/load-jwt-secret.js';
import { createMailer } from '../../src/features/outbound/create-mailer.js';
import { openDatabase } from '../../src/storage/open-database.js';
import { restrictDataDir } from '../../src/restrict-permissions.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const temporaryDirs: string[] = [];

/** A path under a fresh temporary folder where nothing exists yet. */
function freshPath(name: string): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-permissions-'));
  temporaryDirs.push(parent);
  return path.join(parent, name);
}

afterEach(() => {
  for (const dir of temporaryDirs.splice(0)) {
    fs.chmodSync(dir, 0o700);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: { msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('the SQLite database', () => {
  it('is created 0600 in a 0700 folder, and so are its -wal and -shm files', async () => {
    const dataDir = freshPath('data');
    const file = path.join(dataDir, 'tempmail.db');
    const storage = openDatabase({ kind: 'sqlite', file });
    try {
      await storage.db.schema.createTable('probe').addColumn('id', 'integer').execute();
      expect(modeOf(dataDir)).toBe(0o700);
      for (const own of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(own)).toBe(0o600);
    } finally {
      await storage.close();
    }
  });

  it('is narrowed to 0600, with a -wal and -shm left by a crash, when an older version made it 0644', async () => {
    const dataDir = freshPath('data');
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, 'tempmail.db');
    new BetterSqlite3(file).close();
    for (const left of [`${file}-wal`, `${file}-shm`]) fs.writeFileSync(left, '', { mode: 0o644 });
    for (const own of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(own)).toBe(0o644);
    const storage = openDatabase({ kind: 'sqlite', file });
    try {
      await storage.db.schema.createTable('probe').addColumn('id', 'integer').execute();
      for (const own of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(own)).toBe(0o600);
    } finally {
      await storage.close();
    }
  });
});

describe('files the server writes in DATA_DIR', () => {
  it('makes the mailbox-token key 0600 in a 0700 folder', () => {
    const dataDir = freshPath('data');
    loadJwtSecret(undefined, dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('writes the outbox’s mail 0600 in 0700 folders', async () => {
    const dataDir = freshPath('data');
    const outboxDir = path.join(dataDir, 'outbox');
    const mailer = createMailer({
      from: 'TempMail <no-reply@tempmail.test>',
      relayUrl: undefined,
      outboxDir,
      logger: pino({ level: 'silent' }),
    });
    const { file } = await mailer.send({
      to: 'ada@example.com',
      subject: 'Your sign-in link',
      text: 'http://localhost:8080/?access_token=secret',
    });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(outboxDir)).toBe(0o700);
    expect(modeOf(file!)).toBe(0o600);
  });
});

describe('DATA_DIR at start', () => {
  it('is narrowed to 0700 when an older version made it 0755, with a warning', () => {
    const dataDir = freshPath('data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const { logger, lines } = recordingLogger();
    restrictDataDir(dataDir, logger);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(lines.map((line) => line.msg)).toEqual([expect.stringMatching(/now owner-only/)]);
  });

  it('is left alone, without a word, when it is already private or not made yet', () => {
    const { logger, lines } = recordingLogger();
    const missing = freshPath('data');
    restrictDataDir(missing, logger);
    expect(fs.existsSync(missing)).toBe(false);
    const closed = freshPath('closed');
    fs.mkdirSync(closed, { mode: 0o700 });
    restrictDataDir(closed, logger);
    expect(modeOf(closed)).toBe(0o700);
    expect(lines).toEqual([]);
  });

  it('is left open, with a warning, when it is a shared sticky folder such as /tmp', () => {
    const shared = freshPath('shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    const { logger, lines } = recordingLogger();
    restrictDataDir(shared, logger);
    expect(fs.statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(lines.map((line) => line.msg)).toEqual([expect.stringMatching(/shared folder/)]);
  });
});
