import type { RequestHandler } from 'express';
import { consume, type CreateLimiter } from '../rate-limit.js';

/**
 * mail.tm's own limit on its surface: so many requests per second per IP, answered 429 with
 * mail.tm's message (the error handler writes its body).
 */
export function limitMailTmRate(
  requestsPerSecond: number,
  createLimiter: CreateLimiter,
): RequestHandler {
  const limiter = createLimiter('mailtm-second', requestsPerSecond, 1);
  return (request, _response, next) => {
    consume(limiter, request.ip ?? 'unknown', 'requests').then(() => next(), next);
  };
}
