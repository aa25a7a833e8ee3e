import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { takeFromWindows, type RateLimitState } from '../features/limits/create-limiter.js';
import { ApiError } from './api-error.js';

/** The RateLimit-* headers for a window's state. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.reset),
  };
}

const WINDOW_NAMES: Readonly<Record<number, string>> = {
  1: 'a second',
  60: 'a minute',
  3600: 'an hour',
  86_400: 'a day',
};

/** "60 requests an hour": a window's limit as people say it. */
export const describeLimit = (state: Pick<RateLimitState, 'limit' | 'window'>): string =>
  `${state.limit} requests ${WINDOW_NAMES[state.window] ?? `per ${state.window} seconds`}`;

/**
 * The 429 for a refused state: Retry-After and the RateLimit-* headers of the window that
 * refused (the error handler words the body per surface).
 */
export function tooManyRequests(state: RateLimitState, message: string): ApiError {
  return new ApiError(429, 'rate_limited', message, undefined, {
    'Retry-After': String(state.retryAfter ?? 1),
    ...rateLimitHeaders(state),
  });
}

/** Takes one request from `limiter` for `key`, or refuses with 429 (see tooManyRequests). */
export async function consume(
  limiter: RateLimiterAbstract,
  key: string,
  what: string,
): Promise<void> {
  const state = await takeFromWindows([limiter], key);
  if (!state.allowed) {
    throw tooManyRequests(
      state,
      `Too many ${what}. Try again in ${String(state.retryAfter)} seconds.`,
    );
  }
}
