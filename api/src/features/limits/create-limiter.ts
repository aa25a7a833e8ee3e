import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

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
 * still limited. A name asked for twice gives the same limiter, so in memory as in Redis one
 * name is one count per key however many handlers take from it. Keys live under `namespace`
 * (tests that share a Redis give each server group its own).
 */
export function limiterFactory(redis?: Redis, namespace = 'tempmail:rate'): CreateLimiter {
  const made = new Map<string, RateLimiterAbstract>();
  return (name, points, duration) => {
    const existing = made.get(name);
    if (existing) {
      if (existing.points !== points || existing.duration !== duration) {
        throw new Error(`the limiter ${name} exists with other points or duration`);
      }
      return existing;
    }
    const keyPrefix = `${namespace}:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    const limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix,
          points,
          duration,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    made.set(name, limiter);
    return limiter;
  };
}

/** The state of one window, or of the one that matters among several, as RateLimit-* says. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until that window resets. */
  reset: number;
  /** That window's length in seconds: `limit` requests per `window`. */
  window: number;
  /** Seconds to wait before retrying; set when the request was refused. */
  retryAfter?: number;
}

function stateOf(
  limiter: RateLimiterAbstract,
  outcome: PromiseSettledResult<RateLimiterRes>,
): RateLimitState {
  if (outcome.status === 'rejected' && !(outcome.reason instanceof RateLimiterRes)) {
    throw outcome.reason;
  }
  const result =
    outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as RateLimiterRes);
  return {
    allowed: outcome.status === 'fulfilled',
    limit: limiter.points,
    remaining: Math.max(0, result.remainingPoints),
    reset: Math.max(0, Math.ceil(result.msBeforeNext / 1000)),
    window: limiter.duration,
  };
}

/**
 * The state of every window for `key` without taking from them: the one nearest its limit,
 * as takeFromWindows reports an allowed request.
 */
export async function peekAtWindows(
  limiters: readonly RateLimiterAbstract[],
  key: string,
): Promise<RateLimitState> {
  const states = await peekEachWindow(limiters, key);
  return states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
}

/** The state of each window for `key`, in the order given, without taking from them. */
export function peekEachWindow(
  limiters: readonly RateLimiterAbstract[],
  key: string,
): Promise<RateLimitState[]> {
  return Promise.all(
    limiters.map(async (limiter): Promise<RateLimitState> => {
      const used = await limiter.get(key);
      return {
        allowed: (used?.consumedPoints ?? 0) < limiter.points,
        limit: limiter.points,
        remaining: Math.max(0, limiter.points - (used?.consumedPoints ?? 0)),
        reset: used ? Math.max(0, Math.ceil(used.msBeforeNext / 1000)) : limiter.duration,
        window: limiter.duration,
      };
    }),
  );
}

/**
 * Takes one request for `key` from every window (e.g. a minute and an hour). Refused, it
 * reports the window that keeps the caller out longest; allowed, the one nearest its limit.
 */
export async function takeFromWindows(
  limiters: readonly RateLimiterAbstract[],
  key: string,
): Promise<RateLimitState> {
  const outcomes = await Promise.allSettled(limiters.map((limiter) => limiter.consume(key)));
  const states = limiters.map((limiter, index) => stateOf(limiter, outcomes[index]!));
  const refused = states.filter((state) => !state.allowed);
  if (refused.length > 0) {
    const longest = refused.reduce((a, b) => (b.reset > a.reset ? b : a));
    return { ...longest, retryAfter: Math.max(1, longest.reset) };
  }
  return states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
}
