// The generated artifacts are committed; these tests fail when they no longer match what
// their generators make from the current sources. Fix: `npm run generate`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { bin, repoRoot } from '../support/paths.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-fresh-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const quiet = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Runs an openapi-package generator (as its build script in openapi/package.json does) with
 * its output in the scratch folder, and checks the committed file is byte for byte the same.
 */
function expectFreshOpenApiFile(command: string, args: (output: string) => string[], file: string) {
  const fresh = path.join(scratch, file);
  execFileSync(bin(command), args(fresh), {
    cwd: path.join(repoRoot, 'openapi'),
    env: quiet,
    stdio: 'pipe',
  });
  const committed = fs.readFileSync(path.join(repoRoot, 'openapi', file), 'utf8');
  expect(
    committed === fs.readFileSync(fresh, 'utf8'),
    `${file} is stale: run npm run generate`,
  ).toBe(true);
}

describe('generated artifacts', () => {
  it('openapi/openapi.json is the bundle of openapi/src', () => {
    expectFreshOpenApiFile(
      'redocly',
      (output) => ['bundle', 'src/openapi.yaml', '--output', output, '--ext', 'json'],
      'openapi.json',
    );
  });

  it('openapi/operations.d.ts is what openapi-typescript makes from the contract', () => {
    expectFreshOpenApiFile(
      'openapi-typescript',
      (output) => ['openapi.json', '--output', output, '--immutable'],
      'operations.d.ts',
    );
  });

  it('the contract passes the linter', () => {
    expect(() =>
      execFileSync(bin('redocly'), ['lint', 'src/openapi.yaml'], {
        cwd: path.join(repoRoot, 'openapi'),
        env: quiet,
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });

  it('sdk/src/generated is what openapi-ts makes from the contract', () => {
    // Run as `npm run generate` does, from sdk/: the generator reads its tsconfig from there.
    const sdkDir = path.join(repoRoot, 'sdk');
    const output = fs.mkdtempSync(path.join(sdkDir, '.fresh-'));
    onTestFinished(() => fs.rmSync(output, { recursive: true, force: true }));
    execFileSync(bin('openapi-ts'), [], {
      cwd: sdkDir,
      env: { ...process.env, SDK_OUTPUT: output },
      stdio: 'pipe',
    });
    const committedDir = path.join(repoRoot, 'sdk/src/generated');
    const files = listFiles(output);
    expect(listFiles(committedDir)).toEqual(files);
    const stale = files.filter(
      (file) =>
        fs.readFileSync(path.join(output, file), 'utf8') !==
        fs.readFileSync(path.join(committedDir, file), 'utf8'),
    );
    expect(stale, 'sdk is stale: run npm run generate').toEqual([]);
  });
});
