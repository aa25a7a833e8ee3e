import type { RequestHandler, Response } from 'express';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { createApiRateLimiter, type RateLimitState } from './api-rate-limiter.js';
import { identifyCaller, type Caller } from './identify-caller.js';

function setRateLimitHeaders(response: Response, state: RateLimitState): void {
  response.setHeader('RateLimit-Limit', String(state.limit));
  response.setHeader('RateLimit-Remaining', String(state.remaining));
  response.setHeader('RateLimit-Reset', String(state.reset));
}

/**
 * In front of every `/v1` request, before parsing and validation so that every request
 * counts (refused, malformed and `304` ones too): identifies the caller, takes one request
 * from their limits and sets the RateLimit-* headers; past the limit, 429 with Retry-After.
 * A bad token still costs its IP one request, so guessing tokens is limited like anything else.
 */
export function guardPublicApi(services: Services): RequestHandler {
  const limiter = createApiRateLimiter(services.config.apiRateLimits, services.createLimiter);

  async function take(response: Response, key: string, tier: Caller['tier']): Promise<void> {
    const state = await limiter.take(key, tier);
    setRateLimitHeaders(response, state);
    if (!state.allowed) {
      const wait = state.retryAfter ?? 1;
      throw new ApiError(
        429,
        'rate_limited',
        `Rate limit reached (${state.limit} requests per window). Try again in ${wait} seconds.`,
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
  }

  async function guard(request: Parameters<RequestHandler>[0], response: Response) {
    let caller: Caller;
    try {
      caller = await identifyCaller(request, services);
    } catch (error) {
      if (error instanceof ApiError) await take(response, `ip:${request.ip ?? 'unknown'}`, 'free');
      throw error;
    }
    await take(response, caller.rateKey, caller.tier);
    response.locals.caller = caller;
  }

  return (request, response, next) => {
    guard(request, response).then(() => next(), next);
  };
}

/** The caller guardPublicApi identified for this request. */
export function callerOf(response: Response): Caller {
  return response.locals.caller as Caller;
}
