import express, { type RequestHandler, type Router } from 'express';
import { ApiError } from './api-error.js';
import { firstSegment, type Operation } from './load-contract.js';

/** Handlers keyed by the contract's operationId. */
export type OperationHandlers = Readonly<Record<string, RequestHandler>>;

/**
 * Routes every operation of the contract: to its handler, or to a 501 until one is written.
 * A handler whose operationId is not in the contract is a programming error and stops start-up.
 * Operations are grouped in one router per root (`/v1`, `/api`, each mail.tm root), picked by
 * a map look-up: Express tries a router's routes one by one, and a poll of `/v1/messages`
 * should not be matched against the fifty routes of the other surfaces first.
 */
export function mountOperations(
  operations: readonly Operation[],
  handlers: OperationHandlers,
): { handler: RequestHandler; implemented: string[]; pending: string[] } {
  const known = new Set(operations.map((operation) => operation.operationId));
  const strays = Object.keys(handlers).filter((operationId) => !known.has(operationId));
  if (strays.length > 0) {
    throw new Error(`Handlers for operations missing from the contract: ${strays.join(', ')}`);
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
  const implemented: string[] = [];
  const pending: string[] = [];
  for (const operation of operations) {
    const handler = handlers[operation.operationId];
    const router = routerFor(operation.path);
    if (handler) {
      implemented.push(operation.operationId);
      router[operation.method](operation.expressPath, handler);
    } else {
      pending.push(operation.operationId);
      router[operation.method](operation.expressPath, () => {
        throw new ApiError(
          501,
          'not_implemented',
          `${operation.method.toUpperCase()} ${operation.path} is not implemented yet.`,
        );
      });
    }
  }
  const handler: RequestHandler = (request, response, next) => {
    const router = routers.get(firstSegment(request.path));
    if (router) router(request, response, next);
    else next();
  };
  return { handler, implemented, pending };
}
