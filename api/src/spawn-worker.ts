import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on the module `name` next to `from` (the caller's
 * import.meta.url), built or from source. From source (tests, `npm run dev`) the module is
 * TypeScript, and on Node 20 a worker does not inherit the tsx loader: a small bootstrap
 * registers it before importing the module.
 */
export function spawnWorker(from: string, name: string, options: WorkerOptions = {}): Worker {
  const fromSource = from.endsWith('.ts');
  const url = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, from);
  if (!fromSource) return new Worker(url, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** How a module starts its threads; tests pass their own (to count them, or to reach one). */
export type SpawnThread = typeof spawnWorker;
