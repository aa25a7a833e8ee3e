import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'node:http' {
  interface IncomingMessage {
    /** This request's id: a sane incoming X-Request-Id, or a new UUID. */
    id: string;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Query parameters that carry credentials: a mailbox JWT on the mail.tm event stream
 * (`authorization`), sign-in and forwarding links (`access_token`, `token`), a checkout id.
 */
const SECRET_PARAMETER = /token|auth|key|secret|password|session|code|jwt/i;

/** The URL as logged: the values of credential-bearing query parameters are left out. */
function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parameters = new URLSearchParams(url.slice(query + 1));
  for (const name of new Set(parameters.keys()))
    if (SECRET_PARAMETER.test(name)) parameters.set(name, 'redacted');
  return `${url.slice(0, query)}?${parameters}`;
}

/**
 * Gives every request an id (echoed as X-Request-Id, in error bodies, and in the lines
 * written about it: the handlers pass it on) and logs one line when it completes: our
 * own faults at error, refusals at info, the rest at debug. The line is built only when its
 * level is on: a poll answered 304 costs no logging work at the default level, and a long
 * event stream holds no per-request logger, only its id.
 */
export function logRequests(logger: Logger): RequestHandler {
  return (request, response, next) => {
    const given = request.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    request.id = id;
    response.setHeader('X-Request-Id', id);
    const started = performance.now();
    // As it came: a HEAD is answered as a GET further on (answer-head-as-get.ts).
    const { method } = request;
    response.once('close', () => {
      const status = response.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          requestId: id,
          method,
          url: loggedUrl(request.originalUrl),
          status,
          ms: Math.round(performance.now() - started),
          finished: response.writableFinished,
        },
        'request',
      );
    });
    next();
  };
}
