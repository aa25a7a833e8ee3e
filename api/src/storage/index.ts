// The storage layer's public face, for the composition root and for benchmarks.
export { migrateToLatest } from './migrate.js';
export { openDatabase, type Dialect, type Storage } from './open-database.js';
export { createRepositories, type Repositories } from './repositories/index.js';
