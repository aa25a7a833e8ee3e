/** A unique key (an address, an email, an id) already exists. */
export class DuplicateKeyError extends Error {
  constructor(what: string, options?: ErrorOptions) {
    super(`${what} already exists`, options);
    this.name = 'DuplicateKeyError';
  }
}

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
