import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

const FOLDERS = [
  'api/src',
  'api/test',
  'cli/src',
  'cli/test',
  'dashboard/src',
  'dashboard/test',
  'openapi/src',
  'sdk/src',
  'sdk/test',
  'tests',
];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-test', 'generated']);
const SOURCE = /\.(ts|tsx|yaml)$/;
/** A pointer into the product spec by section, in any of the ways comments used to write it. */
const CITATION = /spec sections? \d|spec.s section|spec §|product spec|\(spec[):]/i;
const self = fileURLToPath(import.meta.url);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && full !== self ? [full] : [];
  });
}

// The product spec is not in this repository, so "spec section 7" tells a reader nothing:
// comments and descriptions say what they mean in words.
describe('comments and contract descriptions', () => {
  it('cite no section of the product spec', () => {
    const citations = FOLDERS.flatMap((folder) => sourceFiles(path.join(repoRoot, folder)))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${path.relative(repoRoot, file)}:${index + 1}` })),
      )
      .filter(({ line }) => CITATION.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(citations).toEqual([]);
  });
});
