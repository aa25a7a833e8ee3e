import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../../tests/support/paths.js';

/**
 * What `npm run build` reads and what it writes, in pairs. tsc leaves an unchanged output
 * file alone, so the server's freshness is read from its build info, which it always writes.
 */
const BUILDS = [
  { inputs: ['api/src'], output: 'api/tsconfig.tsbuildinfo', needs: 'api/dist/main.js' },
  {
    inputs: [
      'dashboard/src',
      'dashboard/public',
      'dashboard/scripts',
      'dashboard/index.html',
      'dashboard/vite.config.ts',
      'sdk/src',
    ],
    output: 'dashboard/dist/index.html',
    needs: 'dashboard/dist/index.html',
  },
];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/**
 * Runs `npm run build` when an output is missing or older than a source, so the browser
 * tests always drive what `npm start` would serve. CI typechecks but does not build first.
 */
export function ensureBuild(): void {
  const at = (file: string) => path.join(repoRoot, file);
  const stale = BUILDS.some(
    ({ inputs, output, needs }) =>
      !fs.existsSync(at(needs)) ||
      !fs.existsSync(at(output)) ||
      fs.statSync(at(output)).mtimeMs < Math.max(...inputs.map((input) => newestMtime(at(input)))),
  );
  if (!stale) return;
  console.warn('dashboard tests: the build is missing or stale; running npm run build');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env };
  delete env.NODE_ENV;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit', env });
}
