import express, { type RequestHandler, type Router } from 'express';
import { firstSegment, type Operation } from './load-contract.js';
import type { OperationHandlers, OperationId } from './operation-handlers.js';

/**
 * Routes every operation of the contract to its handler. tsc holds the handlers to the
 * contract's generated types; here the contract actually served is held to them: an operation
 * with no handler, or a handler whose operationId it lacks (a contract given to buildApp, a
 * bundle whose types were not regenerated), is a programming error and stops start-up.
 * Operations are grouped in one router per root (`/v1`, `/api`, each mail.tm root), picked by
 * a map look-up: Express tries a router's routes one by one, and a poll of `/v1/messages`
 * should not be matched against the fifty routes of the other surfaces first.
 */
export function mountOperations(
  operations: readonly Operation[],
  handlers: OperationHandlers,
): RequestHandler {
  const known = new Set(operations.map((operation) => operation.operationId));
  const strays = Object.keys(handlers).filter((operationId) => !known.has(operationId));
  if (strays.length > 0) {
    throw new Error(`Handlers for operations missing from the contract: ${strays.join(', ')}`);
  }
  const missing = operations
    .map((operation) => operation.operationId)
    .filter((operationId) => !Object.hasOwn(handlers, operationId));
  if (missing.length > 0) {
    throw new Error(`Operations of the contract without a handler: ${missing.join(', ')}`);
  }
  const routers = new Map<string, Router>();
  const routerFor = (path: string) => {
    const root = firstSegment(path);
    let router = routers.get(root);
    if (!router) {
      router = express.Router();
      routers.set(root, router);
    }
    return router;
  };
  for (const operation of operations) {
    // Every operationId was found among the handlers above. The validator runs before this
    // router, so the request has the types the handler was written for.
    const handler = handlers[operation.operationId as OperationId] as RequestHandler;
    routerFor(operation.path)[operation.method](operation.expressPath, handler);
  }
  return (request, response, next) => {
    const router = routers.get(firstSegment(request.path));
    if (router) router(request, response, next);
    else next();
  };
}
