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
 * Gives every request an id (echoed as X-Request-Id, and in error bodies) and logs one line
 * when it completes: our own faults at error, refusals at info, the rest at debug. The line
 * is built only when its level is on: a poll answered 304 costs no logging work at the
 * default level, and a long event stream holds no per-request logger.
 */
export function logRequests(logger: Logger): RequestHandler {
  return (request, response, next) => {
    const given = request.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    request.id = id;
    response.setHeader('X-Request-Id', id);
    const started = performance.now();
    response.once('close', () => {
      const status = response.statusCode;
      const level = status >= 500 && status !== 501 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          requestId: id,
          method: request.method,
          url: request.originalUrl,
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
