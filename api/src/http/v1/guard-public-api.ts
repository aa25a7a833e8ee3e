import type { RequestHandler, Response } from 'express';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { clientAddress } from '../client-address.js';
import { consume, describeLimit, rateLimitHeaders, tooManyRequests } from '../rate-limit.js';
import type { RateLimitState } from '../../features/limits/create-limiter.js';
import { createApiRateLimiter } from './api-rate-limiter.js';
import { identifyCaller, type Caller } from './identify-caller.js';

/**
 * `GET /v1/me` reports the caller's limits, so it does not spend them: a script out of
 * requests can still ask when it may go on. It has a budget of its own instead, so that it
 * cannot be called without end.
 */
const IDENTITY_PER_MINUTE = 30;

/**
 * In front of every `/v1` request, before parsing and validation so that every request
 * counts (refused, malformed and `304` ones too): identifies the caller, takes one request
 * from their limits and sets the RateLimit-* headers; past the limit, 429 with Retry-After.
 * A bad token still costs its IP one request, so guessing tokens is limited like anything
 * else. `GET /v1/me` only reads the limits' state, and counts against a budget of its own.
 */
export function guardPublicApi(services: Services): RequestHandler {
  const limiter = createApiRateLimiter(services.config.apiRateLimits, services.createLimiter);
  const identity = services.createLimiter('api-me-minute', IDENTITY_PER_MINUTE, 60);

  async function take(response: Response, key: string, tier: Caller['tier']): Promise<void> {
    const state = await limiter.take(key, tier);
    response.set(rateLimitHeaders(state));
    if (!state.allowed) {
      throw tooManyRequests(
        state,
        `Rate limit reached (${describeLimit(state)}). Try again in ${String(state.retryAfter)} seconds.`,
      );
    }
  }

  async function guard(request: Parameters<RequestHandler>[0], response: Response) {
    let caller: Caller;
    try {
      caller = await identifyCaller(request, services);
    } catch (error) {
      if (error instanceof ApiError) await take(response, `ip:${clientAddress(request)}`, 'free');
      throw error;
    }
    if (request.method === 'GET' && request.path === '/me') {
      await consume(identity, caller.rateKey, 'identity requests');
      response.set(rateLimitHeaders(await limiter.peek(caller.rateKey, caller.tier)));
      // Every window for the answer: the headers name only the nearest one, which can hide
      // a Pro user's hourly budget behind the minute's.
      response.locals.rateWindows = await limiter.windows(caller.rateKey, caller.tier);
    } else {
      await take(response, caller.rateKey, caller.tier);
    }
    response.locals.caller = caller;
  }

  return (request, response, next) => {
    guard(request, response).then(() => next(), next);
  };
}

/** Each of the caller's windows, read for `GET /v1/me` by guardPublicApi. */
export function rateWindowsOf(response: Response): RateLimitState[] {
  return response.locals.rateWindows as RateLimitState[];
}

/** The caller guardPublicApi identified for this request. */
export function callerOf(response: Response): Caller {
  return response.locals.caller as Caller;
}
