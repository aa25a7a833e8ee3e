// The SDK README's table of the public API's functions is how a developer finds the call
// for an endpoint among every operation the SDK exports: it must name each one of `/v1`.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

const readme = fs.readFileSync(path.join(repoRoot, 'sdk/README.md'), 'utf8');
const contract = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'openapi/openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, { operationId?: string }>> };

describe('sdk/README.md', () => {
  it('names the function of every /v1 operation', () => {
    const publicOperations = Object.entries(contract.paths)
      .filter(([route]) => route.startsWith('/v1/'))
      .flatMap(([, operations]) => Object.values(operations))
      .flatMap((operation) => (operation.operationId ? [operation.operationId] : []));
    expect(publicOperations.length).toBeGreaterThan(10);
    const missing = publicOperations.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
