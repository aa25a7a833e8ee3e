import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository root: this file's folder's parent. */
const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * What `npm run build` reads and what it writes, in pairs. tsc leaves an unchanged output
 * file alone, so the server's freshness is read from its build info, marked after each build.
 */
const BUILDS = [
  {
    inputs: ['api/src', 'openapi/src', 'openapi/operations.d.ts'],
    output: 'api/tsconfig.tsbuildinfo',
    needs: 'api/dist/main.js',
  },
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

/** What a test or a benchmark says before it builds. */
export const BUILD_NOTICE = 'tests: the build is missing or stale; running npm run build';

/**
 * Runs `npm run build` when an output is missing or older than a source, so the server
 * runs, and the browser tests drive, what the sources say. `npm start` calls it (this file
 * run directly) and the browser tests before they start a server; CI typechecks but does not
 * build first. Browser suites run in parallel workers: one builds, under a lock, while the
 * others wait, so no server is started on a half-written build. `say` is the one line told
 * before a build; the bundler's own output shows only when the build fails.
 */
export function ensureBuild(say: string): void {
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
    console.warn(say);
    // Marked with the time it started: a source saved while it ran was not in it.
    const started = new Date();
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const env = { ...process.env };
    delete env.NODE_ENV;
    try {
      execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'pipe', env });
    } catch (error) {
      const failed = error as { stdout?: Buffer; stderr?: Buffer };
      process.stderr.write(failed.stdout ?? '');
      process.stderr.write(failed.stderr ?? '');
      throw new Error('npm run build failed (its output is above)', { cause: error });
    }
    // tsc -b leaves its build info alone when a changed input changes nothing it would
    // write (a comment in the generated operations, say): marked, the build is not taken for
    // stale again on every run.
    for (const { output } of BUILDS) fs.utimesSync(path.join(repoRoot, output), started, started);
  } finally {
    fs.rmdirSync(LOCK);
  }
}

// `npm start`: build only after an install or a change of the sources, then the server runs.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  ensureBuild(
    'TempMail: building the server and the dashboard (first start, or the sources changed)…',
  );
}
