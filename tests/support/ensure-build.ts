import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.js';

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
    // The prerender writes the sitemap last, so a build is whole once it is there.
    output: 'dashboard/dist/site/sitemap.xml',
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

/** Held by the one test process that builds; the others wait for it (two workers run suites). */
const LOCK = path.join(repoRoot, 'dashboard', '.build-lock');
const LOCK_WAIT_MS = 300_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isStale(): boolean {
  const at = (file: string) => path.join(repoRoot, file);
  return BUILDS.some(
    ({ inputs, output, needs }) =>
      !fs.existsSync(at(needs)) ||
      !fs.existsSync(at(output)) ||
      fs.statSync(at(output)).mtimeMs < Math.max(...inputs.map((input) => newestMtime(at(input)))),
  );
}

/**
 * Runs `npm run build` when an output is missing or older than a source, so the browser
 * tests always drive what `npm start` would serve. CI typechecks but does not build first.
 * Browser suites run in parallel workers: one builds, under a lock, while the others wait,
 * so no server is started on a half-written build.
 */
export function ensureBuild(): void {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      // A lock older than any build is left by a killed run.
      const age =
        Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_WAIT_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${LOCK} stayed locked`);
      else sleep(500);
    }
  }
  try {
    if (!isStale()) return;
    console.warn('dashboard tests: the build is missing or stale; running npm run build');
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const env = { ...process.env };
    delete env.NODE_ENV;
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit', env });
  } finally {
    fs.rmdirSync(LOCK);
  }
}
