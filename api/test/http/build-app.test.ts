import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, errorCodes } from '../../src/http/api-error.js';
import type { buildApp } from '../../src/http/build-app.js';
import { handleErrors } from '../../src/http/handle-errors.js';
import { isDatabaseUnavailable } from '../../src/storage/errors.js';
import { loadContract } from '../../src/http/load-contract.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

const contract = loadContract();
/** The default PUBLIC_URL: state-changing product calls must come from it. */
const ORIGIN = 'http://localhost:8080';

let database: TestDatabase;
let app: ReturnType<typeof buildApp>;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  app = buildTestApp(createTestServices(database).services);
});
afterAll(() => database?.dispose());

describe('probes', () => {
  it('answers /healthz', async () => {
    const response = await request(app).get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz with the database check', async () => {
    const response = await request(app).get('/readyz').expect(200);
    expect(response.body).toEqual({ status: 'ready', checks: { database: { ok: true } } });
  });

  it('answers /readyz 503 when the database is gone', async () => {
    const broken = await testBackends[0]!.open();
    const brokenApp = buildTestApp(createTestServices(broken).services);
    await broken.storage.close();
    const response = await request(brokenApp).get('/readyz').expect(503);
    expect(response.body.status).toBe('unavailable');
    expect(response.body.checks.database.ok).toBe(false);
    expect(response.body.checks.database.error).toEqual(expect.any(String));
    await broken.dispose();
  });
});

describe('security headers', () => {
  it('are on every answer: API, docs, errors', async () => {
    for (const path of ['/healthz', '/docs/', '/api/domains', '/v1/nowhere', '/nowhere']) {
      const response = await request(app).get(path);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Each kind of answer has its own policy (security-headers.test.ts); all forbid framing.
      expect(response.headers['content-security-policy']).toMatch(
        /(^|; )frame-ancestors 'none'(;|$)/,
      );
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('contract and docs', () => {
  it('publishes the bundled contract at /openapi.json', async () => {
    const response = await request(app).get('/openapi.json').expect(200);
    expect(response.body).toEqual(contract);
  });

  it('serves Swagger UI at /docs, sized for a phone, with its start script', async () => {
    const response = await request(app).get('/docs/').expect(200);
    expect(response.text).toContain('<title>TempMail API</title>');
    expect(response.text).toContain('swagger-ui');
    expect(response.text).toContain('<meta name="viewport" content="width=device-width');
    const init = await request(app).get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('"swaggerDoc"');
  });

  it('keeps the server error codes equal to the contract enum', () => {
    expect([...errorCodes].sort()).toEqual(
      [...(contract.components.schemas.ErrorCode?.enum ?? [])].sort(),
    );
  });
});

describe('operations', () => {
  it('refuses to start while an operation of the contract has no handler, and names each', () => {
    const ahead = structuredClone(contract);
    ahead.paths['/v1/coffee'] = {
      get: {
        operationId: 'makeCoffee',
        responses: { '200': { description: 'Coffee.' } },
      },
      post: {
        operationId: 'orderCoffee',
        responses: { '200': { description: 'Ordered.' } },
      },
    } as (typeof ahead.paths)[string];
    expect(() => buildTestApp(createTestServices(database).services, { contract: ahead })).toThrow(
      'Operations of the contract without a handler: makeCoffee, orderCoffee',
    );
  });

  it('refuses handlers for operations the contract does not have', () => {
    const behind = structuredClone(contract);
    delete behind.paths['/healthz'];
    expect(() => buildTestApp(createTestServices(database).services, { contract: behind })).toThrow(
      'Handlers for operations missing from the contract: getHealth',
    );
  });
});

describe('request validation and errors', () => {
  it('lists every broken field', async () => {
    const response = await request(app)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .send({ name: '', email: 'not-an-email', category: 'general', message: 'hi' })
      .expect(400);
    expect(response.body.code).toBe('validation_failed');
    const paths = response.body.details.map((detail: { path: string }) => detail.path).sort();
    expect(paths).toEqual(['/body/email', '/body/name', '/body/subject']);
  });

  it('rejects unknown fields in closed objects', async () => {
    const response = await request(app)
      .post('/api/access-recovery')
      .set('Origin', ORIGIN)
      .send({ email: 'a@b.example', isAdmin: true })
      .expect(400);
    expect(response.body.code).toBe('validation_failed');
  });

  it('answers unreadable JSON with bad_request', async () => {
    const response = await request(app)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .set('Content-Type', 'application/json')
      .send('{"name":')
      .expect(400);
    expect(response.body.code).toBe('bad_request');
  });

  it('answers a body in another media type with 415', async () => {
    const response = await request(app)
      .post('/api/access-recovery')
      .set('Origin', ORIGIN)
      .set('Content-Type', 'text/plain')
      .send('email=a@b.example')
      .expect(415);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await request(app).delete('/api/user').set('Origin', ORIGIN).expect(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.body.code).toBe('method_not_allowed');
  });

  it('answers unknown paths with 404 in the surface’s dialect', async () => {
    expect((await request(app).get('/api/nothing-here').expect(404)).body.code).toBe('not_found');
    expect((await request(app).get('/v1/nothing-here').expect(404)).body.code).toBe('not_found');
    expect((await request(app).get('/no-such-page').expect(404)).body.code).toBe('not_found');
    expect((await request(app).get('/messages/a/b/c').expect(404)).body).toEqual({
      detail: 'Not Found',
    });
  });

  it('speaks JSON-LD errors to mail.tm clients that ask for it', async () => {
    const response = await request(app)
      .get('/messages/a/b/c')
      .set('Accept', 'application/ld+json')
      .expect(404)
      .expect('Content-Type', /^application\/ld\+json/);
    expect(response.body).toMatchObject({
      '@type': 'hydra:Error',
      'hydra:description': 'Not Found',
      detail: 'Not Found',
    });
  });

  it('turns invalid mail.tm bodies into its 422 violation list', async () => {
    const response = await request(app)
      .post('/accounts')
      .send({ address: 'x@tempmail.test' })
      .expect(422);
    expect(response.body).toEqual({
      '@context': '/contexts/ConstraintViolationList',
      '@type': 'ConstraintViolationList',
      'hydra:title': 'An error occurred',
      'hydra:description': 'password: This value should not be blank.',
      detail: 'password: This value should not be blank.',
      violations: [{ propertyPath: 'password', message: 'This value should not be blank.' }],
    });
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const echoed = await request(app)
      .get('/api/nothing')
      .set('X-Request-Id', 'abc-123')
      .expect(404);
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    expect(echoed.body.requestId).toBe('abc-123');
    const replaced = await request(app)
      .get('/api/nothing')
      .set('X-Request-Id', 'bad id; drop table')
      .expect(404);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the error handler', () => {
  function appThrowing(error: unknown, exposeInternalErrors = false) {
    const small = express();
    small.get('/api/boom', () => {
      throw error;
    });
    small.use(
      handleErrors({
        logger: pino({ level: 'silent' }),
        surfaceOf: () => 'standard',
        exposeInternalErrors,
        isDatabaseUnavailable,
      }),
    );
    return small;
  }

  it('hides internal errors behind a generic message', async () => {
    const response = await request(appThrowing(new Error('password=hunter2 at db.ts:42')))
      .get('/api/boom')
      .expect(500);
    expect(response.body.code).toBe('internal_error');
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
  });

  it('passes ApiError status, code, message and headers through', async () => {
    const error = new ApiError(
      429,
      'rate_limited',
      'Too many requests. Try again in 42 seconds.',
      undefined,
      {
        'Retry-After': '42',
      },
    );
    const response = await request(appThrowing(error)).get('/api/boom').expect(429);
    expect(response.headers['retry-after']).toBe('42');
    expect(response.body).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests. Try again in 42 seconds.',
    });
  });
});
