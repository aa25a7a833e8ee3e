import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUILD_NOTICE, ensureBuild } from '../../scripts/ensure-build.js';
import { bin, repoRoot } from '../support/paths.js';

// `npm start` builds only after an install or a change of the sources: on a built tree it
// goes straight to the server (issue 24: /healthz within 3 s, not 20 s of rebuilding).
describe('npm start on a built tree', () => {
  it('checks the build and starts nothing new when nothing changed', () => {
    ensureBuild(BUILD_NOTICE);
    const check = spawnSync(bin('tsx'), ['scripts/ensure-build.ts'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(check.status).toBe(0);
    // Not a word: the building notice comes only before a build.
    expect(check.stdout + check.stderr).toBe('');
  }, 300_000);
});
