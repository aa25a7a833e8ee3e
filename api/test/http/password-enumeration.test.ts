// Calls that take an address (or a mailbox id) with a password must not tell a stranger which
// addresses exist: the same status and body for an unknown address as for a wrong password,
// and the same work, one scrypt, either way (a miss used to skip it and answer 12 times
// sooner). The work is checked by counting calls to the password check, never by the clock.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as HashPassword from '../../src/features/mailboxes/hash-password.js';
import { verifyPassword } from '../../src/features/mailboxes/hash-password.js';
import { buyPro } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

vi.mock('../../src/features/mailboxes/hash-password.js', async (importOriginal) => {
  const original = await importOriginal<typeof HashPassword>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const verifications = vi.mocked(verifyPassword);

let database: TestDatabase;
let test: ReturnType<typeof createTestServices>;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  test = createTestServices(database);
  app = buildTestApp(test.services);
  for (const address of ['known@tempmail.test', 'short@tempmail.test'])
    await request(app)
      .post('/accounts')
      .set('Accept', 'application/json')
      .send({ address, password: 'secret123' })
      .expect(201);
});
afterAll(() => database?.dispose());

/** The answer to a call (its request id aside), and how many passwords it checked. */
async function answered(call: () => request.Test) {
  verifications.mockClear();
  const response = await call();
  const body = { ...(response.body as Record<string, unknown>) };
  delete body.requestId;
  return { status: response.status, body, checks: verifications.mock.calls.length };
}

describe('POST /token', () => {
  const token = (address: string, password: string) => () =>
    request(app).post('/token').send({ address, password });

  it('answers an unknown address exactly as a wrong password, after the same scrypt', async () => {
    const wrong = await answered(token('known@tempmail.test', 'wrong-pass'));
    const unknown = await answered(token('nobody@tempmail.test', 'wrong-pass'));
    expect(wrong).toEqual({
      status: 401,
      body: { code: 401, message: 'Invalid credentials.' },
      checks: 1,
    });
    expect(unknown).toEqual(wrong);
    // The check for the unknown address ran against a real scrypt hash, not a shortcut.
    const [, decoy] = verifications.mock.calls.at(-1) ?? [];
    expect(decoy).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
    await expect(verifyPassword('wrong-pass', decoy!)).resolves.toBe(false);
  });

  it('answers an expired mailbox as a wrong password, after the same scrypt', async () => {
    test.advance(2 * 24 * 3_600_000);
    try {
      const expired = await answered(token('short@tempmail.test', 'secret123'));
      expect(expired).toEqual({
        status: 401,
        body: { code: 401, message: 'Invalid credentials.' },
        checks: 1,
      });
    } finally {
      test.advance(-2 * 24 * 3_600_000);
    }
  });

  it('still issues a token for the right password', async () => {
    const right = await answered(token('known@tempmail.test', 'secret123'));
    expect(right.status).toBe(200);
    expect(right.checks).toBe(1);
  });
});

describe('POST /api/store-main-email', () => {
  it('answers an unknown mailbox exactly as a wrong password, after the same scrypt', async () => {
    const pro = await buyPro(app, 'keeper@example.com');
    const known = await test.stores.mailboxes.findByAddress('known@tempmail.test');
    const store = (body: object) => () => pro.post('/api/store-main-email', body);
    const wrong = await answered(
      store({ address: 'known@tempmail.test', password: 'wrong-pass', mailTmId: known!.id }),
    );
    const unknown = await answered(
      store({
        address: 'nobody@tempmail.test',
        password: 'wrong-pass',
        mailTmId: '0123456789abcdef01234567',
      }),
    );
    const otherAddress = await answered(
      store({ address: 'nobody@tempmail.test', password: 'wrong-pass', mailTmId: known!.id }),
    );
    expect(wrong).toMatchObject({ status: 404, checks: 1 });
    expect(unknown).toEqual(wrong);
    expect(otherAddress).toEqual(wrong);
  });
});
