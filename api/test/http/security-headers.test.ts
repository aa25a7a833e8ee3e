// The headers every kind of answer carries (issue 8, item 5), and what the logs hold, read
// from the real built server: API, mail.tm, error, /docs, the two server pages, a dashboard
// page; HSTS only behind an https PUBLIC_URL; no credential in any log line.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_NOTICE, ensureBuild } from '../../../scripts/ensure-build.js';
import { startServer, type RunningServer } from '../../../tests/support/start-server.js';

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const PAGE_TAIL = "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
/** The dashboard's policy, allowing the page's inline scripts by these hash sources. */
const dashboardPolicy = (hashes: string[]) =>
  `default-src 'self'; script-src 'self'${hashes.map((hash) => ` '${hash}'`).join('')}; ` +
  "style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob: cid: https: http:; connect-src 'self'; frame-src 'self'; " +
  `form-action 'self'; ${PAGE_TAIL}`;

/** The hash source of each script a page runs inline (a bare `<script>`; typed ones are data). */
const inlineScriptHashes = (page: string) =>
  [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `sha256-${createHash('sha256').update(code!).digest('base64')}`,
  );
const AD_ORIGINS = 'https://pagead2.googlesyndication.com,https://*.doubleclick.net';
const HSTS = 'max-age=31536000; includeSubDomains';

let server: RunningServer;
let httpsServer: RunningServer;

beforeAll(async () => {
  ensureBuild(BUILD_NOTICE);
  [server, httpsServer] = await Promise.all([
    startServer({ built: true }),
    startServer({
      built: true,
      env: { PUBLIC_URL: 'https://mail.example.com', CSP_THIRD_PARTY_ORIGINS: AD_ORIGINS },
    }),
  ]);
}, 180_000);
afterAll(() => Promise.all([server?.stop(), httpsServer?.stop()]));

async function get(path: string, accept = 'application/json', on = server) {
  const response = await fetch(`${on.url}${path}`, { headers: { Accept: accept } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
  expect(headers.get('strict-transport-security')).toBeNull();
}

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

describe('security headers', () => {
  it('gives API answers, mail.tm answers and errors the strict policy', async () => {
    const answers = [
      await get('/api/user'),
      await get('/domains', 'application/ld+json'),
      await get('/api/no-such-thing'),
      await get('/messages', 'application/ld+json'),
    ];
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 404, 401]);
    for (const { headers } of answers) {
      expectCommonHeaders(headers);
      expect(headers.get('content-security-policy')).toBe(API_POLICY);
    }
  });

  it('gives /docs a policy Swagger UI works under', async () => {
    const { status, headers, text } = await get('/docs/', 'text/html');
    expect(status).toBe(200);
    expect(text).toContain('swagger-ui-bundle.js');
    expectCommonHeaders(headers);
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        `img-src 'self' data:; connect-src 'self'; form-action 'self'; ${PAGE_TAIL}`,
    );
  });

  it.each([
    ['demo checkout', `/demo-checkout/${'a'.repeat(24)}`],
    ['demo billing portal', '/demo-billing'],
    ['forwarding confirmation', `/forwarding/confirm?token=${'b'.repeat(43)}`],
  ])('runs the %s page by a fresh nonce, never unsafe-inline', async (_name, path) => {
    const nonces: string[] = [];
    for (let round = 0; round < 2; round++) {
      const { status, headers, text } = await get(path, 'text/html');
      expect(status).toBe(200);
      expectCommonHeaders(headers);
      const policy = headers.get('content-security-policy');
      const nonce = nonceOf(policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy).toBe(
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; ` +
          `img-src 'self'; connect-src 'self'; form-action 'self'; ${PAGE_TAIL}`,
      );
      expect(policy).not.toContain('unsafe');
      // Every inline script and style carries it; none goes without.
      const tags = [...text.matchAll(/<(script|style)\b[^>]*>/g)].map(([tag]) => tag);
      expect(tags).toEqual([`<style nonce="${nonce}">`, `<script nonce="${nonce}">`]);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("gives the dashboard's pages, the 404 page included, the dashboard policy", async () => {
    // Its scripts are files, but for two allowed by their hashes: the theme set before the
    // first paint, and what adds a content page's scripts after it. The other inline blocks
    // are data.
    const home = await get('/', 'text/html');
    const hashes = inlineScriptHashes(home.text);
    expect(hashes).toHaveLength(2);
    const inline = [...home.text.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/g)].map(([tag]) => tag);
    for (const tag of inline) expect(tag).toMatch(/^<script>$|type="application\/(ld\+)?json"/);

    for (const [path, status] of [
      ['/', 200],
      ['/fr/faq', 200],
      ['/pro/success', 200],
      ['/no-such-page', 404],
    ] as const) {
      const page = await get(path, 'text/html');
      expect(page.status, path).toBe(status);
      expect(page.text).toContain('<script type="module"');
      expectCommonHeaders(page.headers);
      expect(inlineScriptHashes(page.text), path).toEqual(hashes);
      expect(page.headers.get('content-security-policy'), path).toBe(dashboardPolicy(hashes));
    }
  });

  it('sends HSTS and adds the configured third parties only where asked to', async () => {
    for (const path of ['/api/domains', '/docs/', '/', `/demo-checkout/${'c'.repeat(24)}`]) {
      const { headers } = await get(path, 'text/html', httpsServer);
      expect(headers.get('strict-transport-security'), path).toBe(HSTS);
    }
    const { headers } = await get('/', 'text/html', httpsServer);
    const policy = headers.get('content-security-policy')!;
    expect(policy).toMatch(
      /script-src 'self'(?: 'sha256-[\w+/=]+'){2} https:\/\/pagead2\.googlesyndication\.com https:\/\/\*\.doubleclick\.net;/,
    );
    expect(policy).toContain(
      "connect-src 'self' https://pagead2.googlesyndication.com https://*.doubleclick.net;",
    );
    // A page served over https has no use for plain-http images.
    expect(policy).toContain("img-src 'self' data: blob: cid: https:;");
    expect(
      (await get('/api/domains', 'application/json', httpsServer)).headers.get(
        'content-security-policy',
      ),
    ).toBe(API_POLICY);
  });
});

describe('logs', () => {
  let logged: RunningServer;
  let output = '';
  const secrets = {
    jwtSecret: `jwt-secret-${randomBytes(16).toString('hex')}`,
    stripeKey: `sk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(12).toString('hex')}`,
    password: `pw-${randomBytes(8).toString('hex')}`,
    apiToken: `tm_${randomBytes(32).toString('base64url')}`,
    forwardingToken: randomBytes(32).toString('base64url'),
    accessToken: randomBytes(32).toString('base64url'),
  };

  beforeAll(async () => {
    logged = await startServer({
      built: true,
      env: {
        LOG_LEVEL: 'debug',
        JWT_SECRET: secrets.jwtSecret,
        STRIPE_SECRET_KEY: secrets.stripeKey,
        STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
        MAILTM_RATE_LIMIT: '1000',
        SUPPORT_EMAIL: 'help-desk@example.org',
      },
    });
    logged.process.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    logged.process.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  }, 60_000);
  afterAll(() => logged?.stop());

  it('carries the request id on every line and never a credential', async () => {
    const url = logged.url;
    const ids: string[] = [];
    const call = async (path: string, init: RequestInit = {}) => {
      const id = `log-test-${ids.length}-${randomBytes(4).toString('hex')}`;
      ids.push(id);
      const headers = new Headers(init.headers);
      headers.set('X-Request-Id', id);
      const response = await fetch(`${url}${path}`, { ...init, headers });
      await response.arrayBuffer();
      return response;
    };

    // A password in a body, and the mailbox JWT it buys, in a header and in a query.
    const address = `logs-${randomBytes(4).toString('hex')}@tempmail.test`;
    const json = { 'Content-Type': 'application/json' };
    const body = JSON.stringify({ address, password: secrets.password });
    expect((await call('/accounts', { method: 'POST', headers: json, body })).status).toBe(201);
    const issued = await fetch(`${url}/token`, { method: 'POST', headers: json, body });
    const { token: jwt } = (await issued.json()) as { token: string };
    expect(jwt).toMatch(/^eyJ/);
    await call('/messages', { headers: { Authorization: `Bearer ${jwt}` } });
    await call('/me', { headers: { Authorization: `Bearer wrong${jwt}` } });
    await call(`/messages?authorization=${jwt}&page=1`);
    // A wrong password: refused, logged at info.
    await call('/token', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ address, password: `${secrets.password}-wrong` }),
    });
    // An API token nobody issued, and a session cookie (a real one, then a forged one).
    await call('/v1/me', { headers: { Authorization: `Bearer ${secrets.apiToken}` } });
    const user = await call('/api/user');
    const cookie = user.headers.get('set-cookie')!.split(';')[0]!;
    const sessionValue = cookie.split('=')[1]!;
    expect(sessionValue.length).toBeGreaterThan(20);
    await call('/api/user', { headers: { Cookie: cookie } });
    await call('/api/user-token', { headers: { Cookie: `${cookie}x` } });
    // Tokens in the links we mail.
    await call(`/forwarding/confirm?token=${secrets.forwardingToken}`, {
      headers: { Accept: 'text/html' },
    });
    await call(`/sign-in?token=${secrets.accessToken}`, { headers: { Accept: 'text/html' } });
    await call(`/confirm-email?token=${secrets.accessToken}`, { headers: { Accept: 'text/html' } });
    // A line logged while the request is handled, by another part of the server that knows
    // nothing of requests: the mailer, writing the support message to the outbox.
    const contact = await call('/api/contact', {
      method: 'POST',
      headers: { ...json, Origin: url, Cookie: cookie },
      body: JSON.stringify({
        name: 'Log Test',
        email: 'log.test@example.com',
        subject: 'Logging',
        category: 'other',
        message: `Checking the logs, with ${secrets.password} in it.`,
        priority: 'low',
      }),
    });
    const contactId = ids.at(-1)!;

    const requestLineOf = (id: string) =>
      output.split('\n').find((line) => line.includes('"msg":"request"') && line.includes(id));
    await expect.poll(() => ids.every(requestLineOf)).toBe(true);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines.length).toBeGreaterThanOrEqual(ids.length);
    for (const line of requestLines) expect(line.requestId).toEqual(expect.any(String));
    for (const id of ids) expect(requestLines.map((line) => line.requestId)).toContain(id);
    expect(contact.status).toBe(202);
    const mailed = lines.find((line) => line.msg === 'mail written to the outbox');
    expect(mailed?.requestId).toBe(contactId);

    for (const [name, secret] of Object.entries({
      ...secrets,
      jwt,
      jwtBody: jwt.split('.')[1]!,
      sessionValue,
    })) {
      expect(output.includes(secret), `${name} was logged`).toBe(false);
    }
  }, 60_000);
});
