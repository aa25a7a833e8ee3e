import { createRequire } from 'node:module';

type Compile = (path: string, options?: object) => unknown;

interface PathToRegexpModule {
  pathToRegexp: Compile;
}

/**
 * More entries than any contract has paths (times the two option sets routers use): past it,
 * a new pattern is compiled and not kept, so a caller with unbounded patterns cannot grow it.
 */
const KEPT_PATTERNS = 1_000;

const compiledOnce = Symbol('compiledOnce');

/** The path-to-regexp instance express-openapi-validator loads (it may have its own copy). */
function validatorsPathToRegexp(): PathToRegexpModule {
  const fromHere = createRequire(import.meta.url);
  const fromValidator = createRequire(fromHere.resolve('express-openapi-validator'));
  return fromValidator('path-to-regexp') as PathToRegexpModule;
}

/**
 * express-openapi-validator finds a request's route by calling path-to-regexp's
 * `pathToRegexp` on the pattern of each route of its document in turn, on every request,
 * until one matches. Measured on a `GET /v1/messages` poll answered 304, that compiling took
 * about 17 of 178 µs of the main thread. `pathToRegexp` is a pure function of its arguments
 * and the validator only reads what it returns, so its results are kept: the validator then
 * compiles each route once. Express's own router is unaffected (it compiles when a route is
 * added, through `match`). Idempotent; returns the wrapped function for tests.
 */
export function compileRoutesOnce(): Compile {
  const module = validatorsPathToRegexp();
  const current = module.pathToRegexp as Compile & { [compiledOnce]?: true };
  if (current[compiledOnce]) return current;
  const kept = new Map<string, unknown>();
  const wrapped = Object.assign(
    (path: string, options?: object) => {
      const key = `${path}\n${JSON.stringify(options ?? {})}`;
      let compiled = kept.get(key);
      if (compiled === undefined) {
        compiled = current(path, options);
        if (kept.size < KEPT_PATTERNS) kept.set(key, compiled);
      }
      return compiled;
    },
    { [compiledOnce]: true as const },
  );
  module.pathToRegexp = wrapped;
  return wrapped;
}
