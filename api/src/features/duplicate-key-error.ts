/**
 * A unique key (an address, an email, an id) already exists. Stores throw it; features
 * turn it into the answer their callers expect (an address taken, an email in use).
 */
export class DuplicateKeyError extends Error {
  constructor(what: string, options?: ErrorOptions) {
    super(`${what} already exists`, options);
    this.name = 'DuplicateKeyError';
  }
}
