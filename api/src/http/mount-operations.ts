import type { RequestHandler, Router } from 'express';
import { ApiError } from './api-error.js';
import type { Operation } from './load-contract.js';

/** Handlers keyed by the contract's operationId. */
export type OperationHandlers = Readonly<Record<string, RequestHandler>>;

/**
 * Routes every operation of the contract: to its handler, or to a 501 until one is written.
 * A handler whose operationId is not in the contract is a programming error and stops start-up.
 */
export function mountOperations(
  router: Router,
  operations: readonly Operation[],
  handlers: OperationHandlers,
): { implemented: string[]; pending: string[] } {
  const known = new Set(operations.map((operation) => operation.operationId));
  const strays = Object.keys(handlers).filter((operationId) => !known.has(operationId));
  if (strays.length > 0) {
    throw new Error(`Handlers for operations missing from the contract: ${strays.join(', ')}`);
  }
  const implemented: string[] = [];
  const pending: string[] = [];
  for (const operation of operations) {
    const handler = handlers[operation.operationId];
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
  return { implemented, pending };
}
