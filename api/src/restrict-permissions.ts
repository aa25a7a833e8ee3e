import fs from 'node:fs';
import type { Logger } from 'pino';

/*
 * DATA_DIR holds the database (every message), the key that signs mailbox tokens and the
 * outbox's mail (live sign-in links): nobody but the server's own user may read any of it.
 * Each place that creates something there gives it these modes explicitly, rather than main.ts
 * setting process.umask: a umask would cover only processes started through main.ts (tests
 * build services without it), cannot be set from worker threads, and would quietly apply to
 * every file the process writes. SQLite gives its -wal and -shm files the mode of the
 * database file itself, so creating that file 0600 covers them too.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * What restrictPermissions found: nothing there, already no wider than asked, narrowed now,
 * or a sticky folder (such as /tmp) left as it is, since narrowing one breaks its other users.
 */
export type Restriction = 'missing' | 'private' | 'tightened' | 'shared';

/**
 * Narrows an existing file or folder to `mode` when its group or others have any access it
 * does not grant; for data written by an earlier version, which made them 0644 and 0755.
 */
export function restrictPermissions(target: string, mode: number): Restriction {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  if ((stats.mode & 0o777 & ~mode) === 0) return 'private';
  if (stats.isDirectory() && (stats.mode & 0o1000) !== 0) return 'shared';
  fs.chmodSync(target, mode);
  return 'tightened';
}

/**
 * Closes DATA_DIR to other users at start, when an earlier version made it 0755: once the
 * folder is closed, the files it made 0644 inside cannot be reached either. Never stops the
 * start: a folder that cannot or should not be changed is reported instead.
 */
export function restrictDataDir(dataDir: string, logger: Logger): void {
  try {
    const outcome = restrictPermissions(dataDir, PRIVATE_DIR_MODE);
    if (outcome === 'tightened') {
      logger.warn({ dataDir }, 'DATA_DIR was open to other users; it is now owner-only (0700)');
    } else if (outcome === 'shared') {
      logger.warn(
        { dataDir },
        'DATA_DIR is a shared folder (sticky, like /tmp), left as it is: give the server a folder of its own',
      );
    }
  } catch (error) {
    logger.warn(
      { dataDir, err: error instanceof Error ? error.message : String(error) },
      'DATA_DIR could not be made owner-only; other users may read the database and the outbox',
    );
  }
}
