import type { Request, RequestHandler } from 'express';

/** What a page on another site may send: every method the token APIs answer. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
/**
 * The headers the token APIs read, allowed when a preflight names none. One that names some
 * gets them back: a client's own (an SDK user's `X-Trace`, a polyfill's `Cache-Control`)
 * would otherwise fail the preflight, and with no credentials allowed they carry nothing.
 */
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, If-None-Match, If-Modified-Since, Last-Event-ID';
/** What it may read beyond the basic headers: validators, file names and the limits. */
const EXPOSED_HEADERS =
  'ETag, Last-Modified, Content-Disposition, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';
/** Browsers keep a preflight's answer this long (Chromium caps it at two hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7_200;

/**
 * CORS for the token APIs (`/v1` and the mail.tm surface), so a page on any site can call
 * them: a test dashboard, a browser extension, a mail.tm web client. They authenticate by
 * bearer token only, never by cookie, so letting every origin read an answer gives a page
 * nothing its own token does not; `*` also keeps browsers from sending cookies along. The
 * dashboard's `/api` stays same-origin (cookie sessions, checkOrigin).
 *
 * Preflights are answered here, before the rate limits, so a browser's OPTIONS does not
 * spend a request of the caller's budget.
 */
export function allowCrossOrigin(isTokenApi: (request: Request) => boolean): RequestHandler {
  return (request, response, next) => {
    if (!isTokenApi(request)) {
      next();
      return;
    }
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      response
        .status(204)
        .set({
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers':
            request.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
        })
        .end();
      return;
    }
    response.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
