import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../api-error.js';

/**
 * mail.tm's own limit on its surface: so many requests per second per IP, answered 429 with
 * mail.tm's message (the error handler writes its body).
 */
export function limitMailTmRate(requestsPerSecond: number): RequestHandler {
  const limiter = new RateLimiterMemory({ points: requestsPerSecond, duration: 1 });
  return (request, _response, next) => {
    limiter.consume(request.ip ?? 'unknown').then(
      () => next(),
      (result: unknown) => {
        if (!(result instanceof RateLimiterRes)) {
          next(result);
          return;
        }
        const retryAfter = String(Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
        next(
          new ApiError(429, 'rate_limited', 'Too many requests.', undefined, {
            'Retry-After': retryAfter,
          }),
        );
      },
    );
  };
}
