import type { RequestHandler } from 'express';
import { ApiError } from './api-error.js';

/**
 * Refuses a query parameter the validator turned into Infinity. Ajv coerces `1e400` or
 * `Infinity` to a number but, with strictNumbers, skips `maximum` and `format` for numbers
 * that are not finite, so `?limit=1e400` passes a schema bounded to 200 and reaches the
 * database as Infinity. The validator has set `request.query` to its coerced values by now.
 */
export const refuseInfiniteNumbers: RequestHandler = (request, _response, next) => {
  const details = Object.entries(request.query as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'number' && !Number.isFinite(value))
    .map(([name]) => ({ path: `/query/${name}`, message: 'must be a finite number' }));
  if (details.length === 0) {
    next();
    return;
  }
  const described = details.map((detail) => `${detail.path} ${detail.message}`).join('; ');
  next(new ApiError(400, 'validation_failed', `The request is not valid: ${described}`, details));
};
