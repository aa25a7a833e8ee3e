import type { Storage } from './open-database.js';
import { createRepositories, type Repositories } from './repositories/index.js';

/**
 * Runs `work` with repositories bound to one transaction: all of it commits, or none.
 * (Repository methods that open a transaction of their own cannot be used inside.)
 */
export function inTransaction<T>(
  storage: Storage,
  work: (repositories: Repositories) => Promise<T>,
): Promise<T> {
  return storage.db
    .transaction()
    .execute((trx) => work(createRepositories({ db: trx, dialect: storage.dialect })));
}
