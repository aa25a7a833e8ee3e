import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from './api-error.js';

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
