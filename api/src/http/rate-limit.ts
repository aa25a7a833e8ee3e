import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ApiError } from './api-error.js';

/** Makes the limiter named `name`: so many points per so many seconds, per key. */
export type CreateLimiter = (
  name: string,
  points: number,
  durationSeconds: number,
) => RateLimiterAbstract;

/**
 * Every limiter of the server comes from here. With a Redis client all nodes share one count
 * per key; when Redis does not answer (down, or slower than the client's command timeout)
 * each call falls back to an in-memory count on this node, so requests are still served and
 * still limited.
 */
export function limiterFactory(redis?: Redis): CreateLimiter {
  return (name, points, duration) => {
    const keyPrefix = `tempmail:rate:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!redis) return memory;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  };
}

/**
 * Takes one request from `limiter` for `key`, or refuses with 429 and Retry-After (the error
 * handler words it per surface: mail.tm's message on its own).
 */
export async function consume(
  limiter: RateLimiterAbstract,
  key: string,
  what: string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw new ApiError(
      429,
      'rate_limited',
      `Too many ${what}. Try again in ${seconds} seconds.`,
      undefined,
      {
        'Retry-After': String(seconds),
      },
    );
  }
}
