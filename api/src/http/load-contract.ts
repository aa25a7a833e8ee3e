import fs from 'node:fs';
import { createRequire } from 'node:module';

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof httpMethods)[number];

interface OperationObject {
  operationId: string;
  tags?: string[];
}

/** The parts of the OpenAPI document the server reads itself; the validator reads the rest. */
export interface Contract {
  openapi: string;
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: { schemas: Record<string, { enum?: string[] }> };
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** The contract's path, e.g. `/api/message/{id}`. */
  path: string;
  /** The same path in Express's syntax, e.g. `/api/message/:id`. */
  expressPath: string;
  tags: readonly string[];
}

/** Reads the bundled contract from the @tempmail/openapi package. */
export function loadContract(): Contract {
  const file = createRequire(import.meta.url).resolve('@tempmail/openapi/openapi.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Contract;
}

export function listOperations(contract: Contract): Operation[] {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      return [
        {
          operationId: operation.operationId,
          method,
          path,
          expressPath: path.replace(/\{([^}]+)\}/g, ':$1'),
          tags: operation.tags ?? [],
        },
      ];
    }),
  );
}

/**
 * The first path segments the contract owns (`/api`, `/v1`, `/messages`, …). Requests under
 * them are validated; everything else (the dashboard, /docs) is not the validator's business.
 */
export function contractRoots(contract: Contract): Set<string> {
  return new Set(Object.keys(contract.paths).map(firstSegment));
}

/** `/v1/messages/x` -> `/v1`. */
export function firstSegment(path: string): string {
  return `/${path.split('/')[1] ?? ''}`;
}

/** The contract with only the paths under one root (components kept whole). */
export function contractUnder(contract: Contract, root: string): Contract {
  return {
    ...contract,
    paths: Object.fromEntries(
      Object.entries(contract.paths).filter(([path]) => firstSegment(path) === root),
    ),
  };
}
