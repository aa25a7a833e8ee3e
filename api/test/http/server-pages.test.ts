// The small pages the API serves itself (until the dashboard has its own): they must load,
// and their inline scripts must at least compile (a syntax error leaves a page dead).
import vm from 'node:vm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPro, openBrowser } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';
import { textsIn } from '../../src/features/languages/server-texts.js';

let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  app = buildTestApp(createTestServices(database).services);
});
afterAll(() => database?.dispose());

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?: nonce="[^"]+")?>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
}

describe('server-rendered pages', () => {
  it('serves a demo checkout page whose script compiles', async () => {
    const buyer = await openBrowser(app);
    const { body } = await buyer
      .post('/api/create-checkout-session', { plan: 'pro_24hr' })
      .expect(200);
    const page = await request(app).get(new URL(body.url).pathname).expect(200);
    expect(page.text).toContain('<label for="email">');
    // The product's icon, which the page's policy lets load (no request for /favicon.ico).
    expect(page.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.headers['content-security-policy']).toContain("img-src 'self'");
    const scripts = scriptsOf(page.text);
    expect(scripts).toHaveLength(1);
    for (const script of scripts) expect(() => new vm.Script(script)).not.toThrow();
  });

  it('serves a demo billing portal, labelled a demo, whose script compiles', async () => {
    const subscriber = await buyPro(app, 'portal-page@example.com');
    const { body } = await subscriber.get('/api/billing-portal').expect(200);
    const page = await request(app).get(new URL(body.url).pathname).expect(200);
    expect(page.text).toContain('<strong>Demo billing portal.</strong>');
    expect(page.text).toContain('nothing is charged');
    for (const label of ['Cancel subscription', 'Resume subscription', 'Return to TempMail'])
      expect(page.text).toContain(`>${label}</button>`);
    const scripts = scriptsOf(page.text);
    expect(scripts).toHaveLength(1);
    for (const script of scripts) expect(() => new vm.Script(script)).not.toThrow();
  });

  it('serves a forwarding confirmation page whose script compiles', async () => {
    const page = await request(app)
      .get(`/forwarding/confirm?token=${'a'.repeat(43)}`)
      .expect(200);
    const scripts = scriptsOf(page.text);
    expect(scripts).toHaveLength(1);
    for (const script of scripts) expect(() => new vm.Script(script)).not.toThrow();
  });

  it('says a link cut short is not valid, as a page in the visitor’s language, on each link’s path', async () => {
    for (const path of ['/forwarding/confirm', '/confirm-email', '/sign-in']) {
      const page = await request(app)
        .get(`${path}?token=short`)
        .set('Accept-Language', 'fr')
        .expect(404)
        .expect('Content-Type', /text\/html/);
      expect(page.text, path).toContain('<html lang="fr">');
      expect(page.text, path).toContain(
        `<p role="alert">${textsIn('fr').pages.common.invalidLink}</p>`,
      );
      expect(page.text, path).toContain('<a href="/fr/">');
    }
  });
});
