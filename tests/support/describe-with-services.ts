import { describe, it } from 'vitest';

export interface ServiceUrls {
  databaseUrl: string;
  /** Set when the suite asked for Redis. */
  redisUrl: string;
}

/**
 * A suite that needs the shared PostgreSQL (and Redis, with `redis: true`): defined when
 * TEST_DATABASE_URL (and TEST_REDIS_URL) are set, as .ci/run does when the services answer;
 * otherwise skipped with a line that says so, never silently.
 */
export function describeWithServices(
  name: string,
  needs: { redis: boolean },
  define: (urls: ServiceUrls) => void,
): void {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (databaseUrl && (redisUrl || !needs.redis)) {
    describe(name, () => define({ databaseUrl, redisUrl: redisUrl ?? '' }));
    return;
  }
  const wanted = needs.redis ? 'TEST_DATABASE_URL and TEST_REDIS_URL' : 'TEST_DATABASE_URL';
  const reason = `${name}: SKIPPED, needs ${wanted} (.ci/run sets them when the services answer)`;
  console.warn(reason);
  describe(name, () => {
    it.skip(reason, () => undefined);
  });
}
