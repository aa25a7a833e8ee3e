import type { RequestHandler } from 'express';

const headRequests = new WeakSet<object>();

/**
 * HEAD answers wherever GET does, with GET's status and headers and no body (RFC 9110,
 * 9.3.2): `curl -I` is how people look at an ETag or the rate-limit headers. The contract
 * lists GETs only, so from here on the validator, the limits and the routes see a GET; Node
 * already decided, when the request came in, to send no body for it.
 */
export const answerHeadAsGet: RequestHandler = (request, _response, next) => {
  if (request.method === 'HEAD') {
    headRequests.add(request);
    request.method = 'GET';
  }
  next();
};

/** Whether a request came as HEAD (an event stream then ends after its headers). */
export const arrivedAsHead = (request: object): boolean => headRequests.has(request);
