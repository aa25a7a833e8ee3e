import { createRequire } from 'node:module';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRoutesOnce } from '../../src/http/compile-routes-once.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

type Compile = (path: string, options?: object) => { regexp: RegExp; keys: { name: string }[] };

/** The path-to-regexp the validator requires, as it sees it. */
const validatorsCopy = createRequire(
  createRequire(import.meta.url).resolve('express-openapi-validator'),
)('path-to-regexp') as { pathToRegexp: Compile };

const compiled: string[] = [];
let database: TestDatabase;

beforeAll(async () => {
  // Count what reaches the real compiler: installed before the app wraps it.
  const real = validatorsCopy.pathToRegexp;
  validatorsCopy.pathToRegexp = (path, options) => {
    compiled.push(path);
    return real(path, options);
  };
  database = await testBackends[0]!.open();
});
afterAll(() => database?.dispose());

describe('compileRoutesOnce', () => {
  it('makes the validator compile each route once, not on every request', async () => {
    const app = buildTestApp(createTestServices(database).services);
    // mail.tm's two routes under /domains; the validator tries them in its own order.
    for (let i = 0; i < 5; i += 1) {
      await request(app).get('/domains').expect(200);
      await request(app).get('/domains/nowhere').expect(404);
    }
    expect(compiled.toSorted()).toEqual(['/domains', '/domains/:id']);
  });

  it('returns the same compiled route for the same pattern and options, and is idempotent', () => {
    const compile = compileRoutesOnce();
    expect(compileRoutesOnce()).toBe(compile);
    expect(validatorsCopy.pathToRegexp).toBe(compile);
    const first = compile('/v1/messages/:id', {
      strict: false,
      sensitive: false,
    }) as ReturnType<Compile>;
    expect(compile('/v1/messages/:id', { strict: false, sensitive: false })).toBe(first);
    expect(compile('/v1/messages/:id', { strict: true, sensitive: false })).not.toBe(first);
    expect(first.regexp.exec('/v1/messages/abc')?.[1]).toBe('abc');
    expect(first.regexp.test('/v1/messages/abc/raw')).toBe(false);
    expect(first.keys.map((key) => key.name)).toEqual(['id']);
  });
});
