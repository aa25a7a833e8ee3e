import { clientAddress } from '../client-address.js';
import type { RequestHandler } from 'express';
import { tooManyRequests } from '../rate-limit.js';
import { takeFromWindows, type CreateLimiter } from '../../features/limits/create-limiter.js';

/** mail.tm's own text, whatever the configured limit: its clients match on it. */
const MAILTM_RATE_LIMIT_MESSAGE =
  'You exceeded the limit of 8 requests per second! Try delaying the request by one second!';

/**
 * mail.tm's own limit on its surface: so many requests per second per IP, answered 429 with
 * mail.tm's message (the error handler writes it in mail.tm's body).
 */
export function limitMailTmRate(
  requestsPerSecond: number,
  createLimiter: CreateLimiter,
): RequestHandler {
  const limiter = createLimiter('mailtm-second', requestsPerSecond, 1);
  return (request, _response, next) => {
    takeFromWindows([limiter], clientAddress(request)).then((state) => {
      next(state.allowed ? undefined : tooManyRequests(state, MAILTM_RATE_LIMIT_MESSAGE));
    }, next);
  };
}
