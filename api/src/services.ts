import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Storage } from './storage/open-database.js';
import type { Repositories } from './storage/repositories/index.js';

/** Everything the HTTP app and the other roles are built from; main.ts assembles it. */
export interface Services {
  readonly config: Config;
  readonly logger: Logger;
  readonly storage: Storage;
  readonly repositories: Repositories;
  /** The current time in milliseconds; tests pass a controllable clock. */
  readonly now: () => number;
}
