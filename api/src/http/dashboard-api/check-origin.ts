import type { RequestHandler } from 'express';
import { ApiError } from '../api-error.js';

/** Calls a browser on another site may make to us by design: the payment provider's webhook. */
const CROSS_SITE_ALLOWED = new Set(['/api/stripe/webhook']);

/**
 * CSRF protection for the product API: a state-changing call must come from our own pages,
 * which browsers prove with the Origin header. Non-browser clients (curl) send it by hand.
 */
export function checkOrigin(publicUrl: string): RequestHandler {
  const ours = new URL(publicUrl).origin;
  return (request, _response, next) => {
    const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
    if (
      !changesState ||
      !request.path.startsWith('/api/') ||
      CROSS_SITE_ALLOWED.has(request.path)
    ) {
      next();
      return;
    }
    const origin = request.headers.origin;
    if (origin !== ours) {
      next(
        new ApiError(
          403,
          'forbidden',
          origin
            ? `Requests from ${origin} are not accepted.`
            : 'An Origin header matching this site is required.',
        ),
      );
      return;
    }
    next();
  };
}
