import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  peekAtWindows,
  peekEachWindow,
  takeFromWindows,
  type CreateLimiter,
  type RateLimitState,
} from '../../features/limits/create-limiter.js';

export type RateTier = 'free' | 'pro';

export interface ApiRateLimits {
  freePerHour: number;
  proPerHour: number;
  burstPerMinute: number;
}

export interface ApiRateLimiter {
  /** Counts one request for `key` against its tier's hourly limit and the burst limit. */
  take(key: string, tier: RateTier): Promise<RateLimitState>;
  /** Those limits' state for `key`, counting nothing: the window nearest its limit. */
  peek(key: string, tier: RateTier): Promise<RateLimitState>;
  /** Each window's state for `key` (the tier's hour, then the burst minute), counting nothing. */
  windows(key: string, tier: RateTier): Promise<RateLimitState[]>;
}

/**
 * The public API's limits: per hour by tier, and per minute for everyone, from the server's
 * limiter factory (shared through Redis when it is configured).
 */
export function createApiRateLimiter(
  limits: ApiRateLimits,
  createLimiter: CreateLimiter,
): ApiRateLimiter {
  const hourly: Record<RateTier, RateLimiterAbstract> = {
    free: createLimiter('api-free-hour', limits.freePerHour, 3600),
    pro: createLimiter('api-pro-hour', limits.proPerHour, 3600),
  };
  const burst = createLimiter('api-burst-minute', limits.burstPerMinute, 60);

  return {
    take: (key, tier) => takeFromWindows([hourly[tier], burst], key),
    peek: (key, tier) => peekAtWindows([hourly[tier], burst], key),
    windows: (key, tier) => peekEachWindow([hourly[tier], burst], key),
  };
}
