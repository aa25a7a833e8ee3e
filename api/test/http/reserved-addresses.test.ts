// Reserved names (postmaster, admin, support…, and the operator's RESERVED_LOCAL_PARTS) are
// refused on every path that makes an address, in each surface's own 422, whatever the case
// and with any +tag; names that only look alike are still free.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPro, type TestBrowser } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';
import { REQUIRED_RESERVED_NAMES } from '../support/required-reserved-names.js';

let database: TestDatabase;
let stores: ReturnType<typeof createTestServices>['stores'];
let services: ReturnType<typeof createTestServices>['services'];
let app: ReturnType<typeof buildTestApp>;
let pro: TestBrowser;
let apiToken: string;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  ({ services, stores } = createTestServices(database, {
    MAIL_DOMAINS: 'tempmail.test,second.test',
    RESERVED_LOCAL_PARTS: 'Staff, ops-team',
  }));
  app = buildTestApp(services);
  pro = await buyPro(app, 'reserved-names@example.com');
  apiToken = (await pro.get('/api/user-token').expect(200)).body.token as string;
});
afterAll(() => database?.dispose());

const BUILT_IN = REQUIRED_RESERVED_NAMES;

describe('mail.tm POST /accounts', () => {
  const createAccount = (address: string, accept = 'application/json') =>
    request(app).post('/accounts').set('Accept', accept).send({ address, password: 'secret123' });

  it('refuses every reserved name with its violation list', async () => {
    const addresses = [
      ...BUILT_IN.map((name) => `${name}@tempmail.test`),
      'POSTMASTER@tempmail.test',
      'Admin+x@tempmail.test',
      'no-reply+alerts@second.test',
      'staff@second.test',
      'Ops-Team+a@tempmail.test',
    ];
    for (const address of addresses) {
      const response = await createAccount(address);
      expect(response.status, address).toBe(422);
      const name = address.split(/[+@]/)[0]!.toLowerCase();
      const message = `The name "${name}" is reserved and cannot be registered.`;
      expect(response.body, address).toMatchObject({
        '@type': 'ConstraintViolationList',
        'hydra:description': `address: ${message}`,
        violations: [{ propertyPath: 'address', message }],
      });
    }
    const ld = await createAccount('Abuse@tempmail.test', 'application/ld+json').expect(422);
    expect(ld.body.detail).toBe('address: The name "abuse" is reserved and cannot be registered.');
    expect(await exists('abuse@tempmail.test')).toBe(false);
  });

  it('still creates names that only look like reserved ones', async () => {
    for (const address of [
      'admins@tempmail.test',
      'supporter@tempmail.test',
      'staff1@second.test',
    ]) {
      await createAccount(address).expect(201);
    }
  });
});

describe('/v1 POST /v1/generate-email', () => {
  const generate = (customAlias: string) =>
    request(app)
      .post('/v1/generate-email')
      .set('Authorization', `Bearer ${apiToken}`)
      .send({ customAlias });

  it('refuses a reserved customAlias with 422 address_reserved', async () => {
    for (const [alias, name] of [
      ['POSTMASTER', 'postmaster'],
      ['Admin', 'admin'],
      ['noreply', 'noreply'],
      ['STAFF', 'staff'],
    ]) {
      const response = await generate(alias!);
      expect(response.status, alias).toBe(422);
      expect(response.body, alias).toMatchObject({
        code: 'address_reserved',
        message: `The name "${name}" is reserved and cannot be registered. Please try a different alias.`,
      });
    }
  });

  it('refuses a +tag too (the alias is letters and digits only)', async () => {
    const response = await generate('Admin+x').expect(400);
    expect(response.body.code).toBe('validation_failed');
    expect(await exists('admin@tempmail.test')).toBe(false);
  });
});

describe('dashboard POST /api/create-custom-email', () => {
  it('refuses a reserved alias with 422 address_reserved', async () => {
    for (const [alias, name] of [
      ['POSTMASTER', 'postmaster'],
      [' Support ', 'support'],
      ['webmaster', 'webmaster'],
      ['Staff', 'staff'],
    ]) {
      const response = await pro.post('/api/create-custom-email', {
        alias,
        domain: 'second.test',
      });
      expect(response.status, alias).toBe(422);
      expect(response.body, alias).toMatchObject({
        code: 'address_reserved',
        message: `The name "${name}" is reserved and cannot be registered. Please try a different alias.`,
      });
    }
  });

  it('refuses a +tag too (the alias is letters and digits only), and keeps free names free', async () => {
    const tagged = await pro
      .post('/api/create-custom-email', { alias: 'Admin+x', domain: 'tempmail.test' })
      .expect(400);
    expect(tagged.body.code).toBe('validation_failed');
    await pro
      .post('/api/create-custom-email', { alias: 'adminteam', domain: 'tempmail.test' })
      .expect(201);
    expect(await exists('adminteam@tempmail.test')).toBe(true);
    for (const address of ['postmaster@second.test', 'support@second.test', 'staff@second.test']) {
      expect(await exists(address), address).toBe(false);
    }
  });
});

const exists = async (address: string) =>
  (await stores.mailboxes.findByAddress(address)) !== undefined;
