import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { startServer, type RunningServer } from '../support/start-server.js';

export interface RawRequest {
  method: string;
  /** Sent byte for byte: no URL normalisation, so `..` and bad escapes reach the server. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A loopback address of 127.0.0.0/8 to connect from: another caller IP for the limits. */
  localAddress?: string;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

/** One HTTP exchange over node:http, which (unlike fetch) sends hostile paths unchanged. */
export function send(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: {
          ...(request.body === undefined
            ? {}
            : { 'content-length': Buffer.byteLength(request.body) }),
          ...request.headers,
        },
        localAddress: request.localAddress,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, body });
        });
      },
    );
    // A request the server wrongly accepted as valid may open an endless event stream.
    outgoing.setTimeout(request.timeoutMs ?? 5_000, () =>
      outgoing.destroy(new Error(`no complete answer to ${request.method} ${request.path}`)),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** The JWT secret hostile servers sign with, so tests can forge tokens around it. */
export const JWT_SECRET = 'hostile-suite-secret-hostile-suite-secret';

/**
 * The real server, with limits high enough that only the limit under test can refuse: the
 * suites send far more than the 8 per second and 60 per hour real callers get, and make far
 * more addresses than a visitor. A setting passed as undefined keeps the server's default.
 */
export function startHostileServer(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return startServer({
    env: {
      JWT_SECRET,
      MAILTM_RATE_LIMIT: '1000000',
      API_FREE_REQUESTS_PER_HOUR: '1000000',
      API_PRO_REQUESTS_PER_HOUR: '1000000',
      API_BURST_REQUESTS_PER_MINUTE: '1000000',
      ADDRESS_CREATION_PER_MINUTE: '1000000',
      ADDRESS_CREATION_PER_HOUR: '1000000',
      API_TOKENS_PER_HOUR: '1000000',
      ...env,
    },
  });
}

/** The bundled contract, the same file the server reads at start. */
export function readContract(): {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Record<string, unknown>> };
} {
  const file = createRequire(import.meta.url).resolve('@tempmail/openapi/openapi.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as never;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 (or, with `alg: none`, unsigned) JWT over any header and payload. */
export function signJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret = JWT_SECRET,
): string {
  const signed = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  if (header.alg === 'none') return `${signed}.`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

export interface Browser {
  id: string;
  /** The session cookie it holds now: a Set-Cookie on any answer replaces it. */
  readonly cookie: string;
  get(path: string): Promise<RawResponse>;
  /** A state-changing call from our own pages: the cookie and our Origin. */
  post(path: string, body?: unknown): Promise<RawResponse>;
}

/** A visitor of the product: its first GET /api/user gives it a user and a session cookie. */
export async function openBrowser(baseUrl: string, localAddress?: string): Promise<Browser> {
  let cookie = '';
  const keep = async (answer: Promise<RawResponse>) => {
    const response = await answer;
    const set = [response.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith('tm_session='));
    if (set) cookie = set.split(';')[0]!;
    return response;
  };
  const first = await keep(send(baseUrl, { method: 'GET', path: '/api/user', localAddress }));
  expect(first.status).toBe(200);
  const origin = new URL(baseUrl).origin;
  return {
    id: (first.body as { id: string }).id,
    get cookie() {
      return cookie;
    },
    get: (target) =>
      keep(send(baseUrl, { method: 'GET', path: target, headers: { cookie }, localAddress })),
    post: (target, body) =>
      keep(
        send(baseUrl, {
          method: 'POST',
          path: target,
          headers: { cookie, origin, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          localAddress,
        }),
      ),
  };
}

/** A browser whose user bought Pro through the demo checkout (no Stripe configured). */
export async function buyPro(baseUrl: string, email: string): Promise<Browser> {
  const buyer = await openBrowser(baseUrl);
  const checkout = await buyer.post('/api/create-checkout-session', { plan: 'pro_monthly' });
  expect(checkout.status).toBe(200);
  const id = new URL((checkout.body as { url: string }).url).pathname.split('/').pop();
  expect((await buyer.post(`/api/demo-checkout/${id}/complete`, { email })).status).toBe(200);
  return buyer;
}

let accounts = 0;

/** A mail.tm account and its JWT, made the way mail.tm clients make them. */
export async function mailTmAccount(
  baseUrl: string,
): Promise<{ id: string; address: string; token: string }> {
  const address = `hostile${++accounts}${Date.now().toString(36)}@tempmail.test`;
  const credentials = JSON.stringify({ address, password: 'hostile-password' });
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const created = await send(baseUrl, {
    method: 'POST',
    path: '/accounts',
    headers,
    body: credentials,
  });
  expect(created.status).toBe(201);
  const token = await send(baseUrl, { method: 'POST', path: '/token', headers, body: credentials });
  expect(token.status).toBe(200);
  return {
    id: (created.body as { id: string }).id,
    address,
    token: (token.body as { token: string }).token,
  };
}

/** Text that betrays the server's insides: stack frames, source paths, error class names. */
const INTERNALS =
  /\bat [\w$.<>]+ \(|node_modules|[\w-]+\.(ts|js):\d+|\b(TypeError|ReferenceError|RangeError|URIError)\b/;

export function expectNoInternals(response: RawResponse): void {
  expect(response.text).not.toMatch(INTERNALS);
  expect(response.text).not.toContain(repoRoot);
}

/** The `/api`, `/v1` and probe error body: `{code, message, details?, requestId}`, nothing else. */
export function expectStandardError(
  response: RawResponse,
  status: number | readonly number[],
  errorCodes: readonly string[],
): void {
  expect([status].flat(), response.text).toContain(response.status);
  expectNoInternals(response);
  const body = response.body as Record<string, unknown>;
  expect(body, response.text).toEqual({
    code: expect.any(String),
    message: expect.any(String),
    requestId: expect.any(String),
    ...('details' in body ? { details: expect.any(Array) } : {}),
  });
  expect(errorCodes).toContain(body.code);
  for (const detail of (body.details as unknown[] | undefined) ?? [])
    expect(detail).toEqual({ path: expect.any(String), message: expect.any(String) });
}

/**
 * mail.tm's error bodies: `{code, message}` for 401 and 429, a ConstraintViolationList for
 * 422, `{detail}` (or a hydra:Error for JSON-LD clients) otherwise.
 */
export function expectMailTmError(
  response: RawResponse,
  status: number | readonly number[],
  jsonLd = false,
): void {
  expect([status].flat(), response.text).toContain(response.status);
  expectNoInternals(response);
  const body = response.body as Record<string, unknown>;
  if (response.status === 401 || response.status === 429) {
    expect(body).toEqual({ code: response.status, message: expect.any(String) });
  } else if (response.status === 422) {
    expect(body).toMatchObject({
      '@type': 'ConstraintViolationList',
      detail: expect.any(String),
      violations: expect.any(Array),
    });
  } else if (jsonLd) {
    expect(body).toEqual({
      '@context': '/contexts/Error',
      '@type': 'hydra:Error',
      'hydra:title': 'An error occurred',
      'hydra:description': expect.any(String),
      detail: expect.any(String),
    });
  } else {
    expect(body, response.text).toEqual({ detail: expect.any(String) });
  }
}

/** Polls `probe` until it gives a value (mail is parsed after the SMTP reply), for set-up code. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
