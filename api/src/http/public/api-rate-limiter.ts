import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { CreateLimiter } from '../rate-limit.js';

export type RateTier = 'free' | 'pro';

/** The state of the window nearest to its limit, as the RateLimit-* headers report it. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until that window resets. */
  reset: number;
  /** Seconds to wait before retrying; set when the request was refused. */
  retryAfter?: number;
}

export interface ApiRateLimits {
  freePerHour: number;
  proPerHour: number;
  burstPerMinute: number;
}

export interface ApiRateLimiter {
  /** Counts one request for `key` against its tier's hourly limit and the burst limit. */
  take(key: string, tier: RateTier): Promise<RateLimitState>;
}

interface Window {
  limiter: RateLimiterAbstract;
  points: number;
}

function stateOf(window: Window, outcome: PromiseSettledResult<RateLimiterRes>) {
  if (outcome.status === 'rejected' && !(outcome.reason instanceof RateLimiterRes)) {
    throw outcome.reason;
  }
  const result =
    outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as RateLimiterRes);
  return {
    allowed: outcome.status === 'fulfilled',
    limit: window.points,
    remaining: Math.max(0, result.remainingPoints),
    reset: Math.max(0, Math.ceil(result.msBeforeNext / 1000)),
  };
}

/**
 * The public API's limits: per hour by tier, and per minute for everyone, from the server's
 * limiter factory (shared through Redis when it is configured).
 */
export function createApiRateLimiter(
  limits: ApiRateLimits,
  createLimiter: CreateLimiter,
): ApiRateLimiter {
  const window = (name: string, points: number, duration: number): Window => ({
    limiter: createLimiter(name, points, duration),
    points,
  });
  const hourly: Record<RateTier, Window> = {
    free: window('api-free-hour', limits.freePerHour, 3600),
    pro: window('api-pro-hour', limits.proPerHour, 3600),
  };
  const burst = window('api-burst-minute', limits.burstPerMinute, 60);

  return {
    async take(key, tier) {
      const windows = [hourly[tier], burst];
      const outcomes = await Promise.allSettled(windows.map((w) => w.limiter.consume(key)));
      const states = windows.map((w, index) => stateOf(w, outcomes[index]!));
      const refused = states.filter((state) => !state.allowed);
      if (refused.length > 0) {
        // The window that keeps the caller out longest is the one to report and wait for.
        const longest = refused.reduce((a, b) => (b.reset > a.reset ? b : a));
        return { ...longest, allowed: false, retryAfter: Math.max(1, longest.reset) };
      }
      // Report the window nearest to its limit (fewest requests left).
      return states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    },
  };
}
