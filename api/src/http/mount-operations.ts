import express, { type NextFunction, type RequestHandler, type Router } from 'express';
import { firstSegment, type Operation } from './load-contract.js';

/**
 * Handlers keyed by the contract's operationId, for the surfaces not yet typed from the
 * contract. Once every surface builds `SurfaceHandlers`, callers use `OperationHandlers`
 * from operation-handlers.ts instead, and tsc checks that none is missing.
 */
export type OperationHandlers = Readonly<Record<string, RequestHandler>>;

/**
 * A handler as mountOperations sees it: Express calls it with a request the validator has
 * checked against its operation, so typed (operation-handlers.ts) and untyped ones both fit.
 */
type MountableHandler = (request: never, response: never, next: NextFunction) => unknown;

/**
 * Routes every operation of the contract to its handler. An operation with no handler, or a
 * handler whose operationId is not in the contract, is a programming error and stops start-up.
 * Operations are grouped in one router per root (`/v1`, `/api`, each mail.tm root), picked by
 * a map look-up: Express tries a router's routes one by one, and a poll of `/v1/messages`
 * should not be matched against the fifty routes of the other surfaces first.
 */
export function mountOperations(
  operations: readonly Operation[],
  handlers: Readonly<Record<string, MountableHandler>>,
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
    // The validator runs before this router, so the request has the handler's types.
    const handler = handlers[operation.operationId] as RequestHandler;
    routerFor(operation.path)[operation.method](operation.expressPath, handler);
  }
  return (request, response, next) => {
    const router = routers.get(firstSegment(request.path));
    if (router) router(request, response, next);
    else next();
  };
}
