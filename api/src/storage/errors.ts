import { DuplicateKeyError } from '../features/duplicate-key-error.js';

/** Whether a driver error is a unique-constraint violation, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Runs an insert and turns a unique violation into DuplicateKeyError. */
export async function insertUnique<T>(what: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateKeyError(what, { cause: error });
    throw error;
  }
}

/** PostgreSQL SQLSTATEs of a server that is away: connection exceptions, shutting down, full. */
const POSTGRES_AWAY = /^(08...|57P0[123]|53300)$/;
const NETWORK_AWAY = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** SQLite result codes of a file that is locked, unreadable or unwritable, not of a bad query. */
const SQLITE_AWAY = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY|FULL)/;
/** node-postgres (lost or timed-out connections) and Kysely (closed) say so with no code. */
const AWAY_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|driver has already been destroyed)/;

/**
 * Whether a driver error means the database cannot be reached or written right now (a
 * dependency outage, worth a retry), rather than a fault in the statement itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_AWAY.has(code) || POSTGRES_AWAY.test(code) || SQLITE_AWAY.test(code)) return true;
  }
  return AWAY_MESSAGES.test(error.message);
}
