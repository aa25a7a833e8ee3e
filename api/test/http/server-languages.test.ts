// The server's own pages and the mails it writes, in the visitor's language: the site's
// choice (its cookie), else the language of the mailed link, else the browser's, else English.
import vm from 'node:vm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/escape-html.js';
import { fillText, textsIn } from '../../src/features/languages/server-texts.js';
import { SITE_LANGUAGES, type SiteLanguage } from '../../src/features/languages/site-languages.js';
import { en } from '../../src/features/languages/texts/en.js';
import { buyPro, ORIGIN, openBrowser } from '../support/browser.js';
import { linkMailedBy, mailsTo } from '../support/mailed-links.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

let database: TestDatabase;
let test: ReturnType<typeof createTestServices>;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await testBackends[0]!.open();
  test = createTestServices(database);
  app = buildTestApp(test.services);
});
afterAll(() => database?.dispose());

const TOKEN = 'a'.repeat(43);
const languageOf = (html: string) => /<html lang="([a-z]{2})">/.exec(html)?.[1];
const scriptOf = (html: string) => /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;

/** Every string of a catalog, by its path (`pages.signIn.title`, `mails.signIn.body.2`). */
function stringsOf(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as object).flatMap(([key, inner]) =>
    stringsOf(inner, path ? `${path}.${key}` : key),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

describe('the words of the server', () => {
  it.each(SITE_LANGUAGES.filter((language) => language !== 'en'))(
    'has in %s every English text, with the same placeholders, and no English left',
    (language) => {
      const english = new Map(stringsOf(en));
      const translated = new Map(stringsOf(textsIn(language)));
      expect([...translated.keys()]).toEqual([...english.keys()]);
      for (const [path, text] of translated) {
        expect(placeholders(text), path).toEqual(placeholders(english.get(path)!));
        // Blank mail lines stay blank; every other line is translated.
        if (
          english
            .get(path)!
            .replace(/\{\w+\}/g, '')
            .trim().length > 12
        )
          expect(text, path).not.toBe(english.get(path));
      }
    },
  );
});

describe('the language of a page', () => {
  const pageLanguage = async (headers: Record<string, string>, query = '') => {
    const page = await request(app).get(`/sign-in?token=${TOKEN}${query}`).set(headers).expect(200);
    return languageOf(page.text);
  };

  it('is the site’s choice, then the mailed link’s, then the browser’s, then English', async () => {
    expect(await pageLanguage({})).toBe('en');
    expect(await pageLanguage({ 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.5' })).toBe('de');
    expect(await pageLanguage({ 'Accept-Language': 'pt-BR,pt;q=0.9' })).toBe('en');
    expect(await pageLanguage({ 'Accept-Language': 'de' }, '&lang=es')).toBe('es');
    expect(await pageLanguage({ Cookie: 'tm_lang=fr', 'Accept-Language': 'de' }, '&lang=es')).toBe(
      'fr',
    );
    // Not one of ours, in the cookie or the link: the next source decides.
    expect(await pageLanguage({ Cookie: 'tm_lang=xx' }, '&lang=es')).toBe('es');
    expect(await pageLanguage({ 'Accept-Language': 'fr' }, '&lang=<b>')).toBe('fr');
  });

  const pages = [
    {
      path: `/sign-in?token=${TOKEN}`,
      words: (language: SiteLanguage) => textsIn(language).pages.signIn,
    },
    {
      path: `/confirm-email?token=${TOKEN}`,
      words: (language: SiteLanguage) => textsIn(language).pages.confirmEmail,
    },
    {
      path: `/forwarding/confirm?token=${TOKEN}`,
      words: (language: SiteLanguage) => textsIn(language).pages.confirmForwarding,
    },
    {
      path: `/demo-checkout/${'0'.repeat(24)}`,
      words: (language: SiteLanguage) => textsIn(language).pages.demoCheckout,
    },
    {
      path: '/demo-billing',
      words: (language: SiteLanguage) => textsIn(language).pages.demoBilling,
    },
  ];

  it.each(SITE_LANGUAGES)(
    'reads in %s on every page the server serves itself',
    async (language) => {
      for (const { path, words } of pages) {
        const page = await request(app).get(path).set('Cookie', `tm_lang=${language}`).expect(200);
        expect(languageOf(page.text), path).toBe(language);
        expect(page.text, path).toContain(
          `<title>${escapeHtml(words(language).title)} · TempMail</title>`,
        );
        // The script carries the page's words in its language, and compiles.
        const script = scriptOf(page.text);
        expect(script, path).toContain(JSON.stringify(textsIn(language).pages.common.failed));
        expect(() => new vm.Script(script), path).not.toThrow();
        if (language !== 'en')
          expect(page.text, path).not.toContain(`>${escapeHtml(words('en').title)}<`);
      }
    },
  );
});

describe('what a page says when its call fails', () => {
  /** Runs the sign-in page's script in `language` against one answer to its first call. */
  async function failureShown(
    language: SiteLanguage,
    answer: { status: number; body?: object; retryAfter?: string } | 'unreachable',
  ): Promise<{ error: string; sentLanguage: string | undefined }> {
    const page = await request(app)
      .get(`/sign-in?token=${TOKEN}`)
      .set('Cookie', `tm_lang=${language}`)
      .expect(200);
    const elements = new Map<string, Record<string, unknown>>();
    const element = (id: string) => {
      if (!elements.has(id))
        elements.set(id, { id, textContent: '', hidden: true, addEventListener() {} });
      return elements.get(id)!;
    };
    let sentLanguage: string | undefined;
    const fetch = async (_path: string, init: { headers: Record<string, string> }) => {
      sentLanguage = init.headers['Accept-Language'];
      if (answer === 'unreachable') throw new TypeError('Failed to fetch');
      return {
        ok: false,
        status: answer.status,
        headers: {
          get: (name: string) => (name === 'Retry-After' ? (answer.retryAfter ?? null) : null),
        },
        json: async () => answer.body ?? {},
      };
    };
    const context = vm.createContext({
      document: { documentElement: { lang: language }, getElementById: element },
      fetch,
      location: { assign() {} },
    });
    new vm.Script(scriptOf(page.text)).runInContext(context);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { error: String(element('error').textContent), sentLanguage };
  }

  it('is the API’s message in English, the page’s own words for its code in another language', async () => {
    const invalid = {
      code: 'not_found',
      message: 'This link is invalid, used or expired. Ask for a new one.',
    };
    expect(await failureShown('en', { status: 404, body: invalid })).toEqual({
      error: invalid.message,
      sentLanguage: 'en',
    });
    const french = textsIn('fr').pages.common;
    expect(await failureShown('fr', { status: 404, body: invalid })).toEqual({
      error: french.invalidLink,
      sentLanguage: 'fr',
    });
    // Too many tries: the wait in whole minutes, a minute when the answer does not say.
    const limited = { status: 429, body: { code: 'rate_limited', message: 'Too many.' } };
    expect((await failureShown('fr', { ...limited, retryAfter: '3590' })).error).toBe(
      fillText(french.tooMany, { minutes: '60' }),
    );
    expect((await failureShown('fr', { ...limited, retryAfter: '90' })).error).toBe(
      fillText(french.tooMany, { minutes: '2' }),
    );
    expect((await failureShown('fr', { ...limited, retryAfter: 'soon' })).error).toBe(
      fillText(french.tooMany, { minutes: '1' }),
    );
    expect((await failureShown('fr', 'unreachable')).error).toBe(french.unreachable);
    expect(
      (await failureShown('fr', { status: 500, body: { code: 'internal_error' } })).error,
    ).toBe(french.failed);
  });
});

describe('the mails the server writes', () => {
  it('are in the language of the request that asked for them, and so are their links', async () => {
    // A purchase in German: the confirmation mail, and the page its link opens anywhere.
    const email = 'kaeufer@example.com';
    const buyer = await openBrowser(app);
    const { body } = await buyer
      .post('/api/create-checkout-session', { plan: 'pro_24hr' })
      .expect(200);
    const confirmToken = await linkMailedBy(test, email, '/confirm-email', () =>
      buyer
        .post(`/api/demo-checkout/${new URL(body.url).pathname.split('/').pop()}/complete`, {
          email,
        })
        .set('Accept-Language', 'de-DE,de;q=0.9')
        .expect(200),
    );
    const [confirmation] = await mailsTo(test, email);
    const german = textsIn('de').mails;
    expect(confirmation!.subject).toBe(german.confirmPurchaseEmail.subject);
    expect(confirmation!.text).toContain(german.greeting);
    expect(confirmation!.text).toContain(`${ORIGIN}/confirm-email?token=${confirmToken}&lang=de`);
    const opened = await request(app)
      .get(`/confirm-email?token=${confirmToken}&lang=de`)
      .expect(200);
    expect(languageOf(opened.text)).toBe('de');
    await buyer.post('/api/confirm-email', { token: confirmToken }).expect(200);

    // A sign-in link asked for on a site set to Spanish.
    const phone = await openBrowser(app);
    const signInToken = await linkMailedBy(test, email, '/sign-in', () =>
      phone
        .post('/api/access-recovery', { email })
        .set('Cookie', `${phone.cookie}; tm_lang=es`)
        .expect(202),
    );
    const signIn = (await mailsTo(test, email)).at(-1)!;
    expect(signIn.subject).toBe(textsIn('es').mails.signIn.subject);
    expect(signIn.text).toContain(`${ORIGIN}/sign-in?token=${signInToken}&lang=es`);

    // Someone else gives the same email at a French purchase: the mail that says it is taken
    // is French, and its link opens the French site.
    const other = await openBrowser(app);
    const second = await other
      .post('/api/create-checkout-session', { plan: 'pro_24hr' })
      .expect(200);
    await other
      .post(`/api/demo-checkout/${new URL(second.body.url).pathname.split('/').pop()}/complete`, {
        email,
      })
      .set('Accept-Language', 'fr')
      .expect(200);
    await expect.poll(async () => (await mailsTo(test, email)).length).toBe(3);
    const taken = (await mailsTo(test, email)).at(-1)!;
    expect(taken.subject).toBe(textsIn('fr').mails.purchaseEmailTaken.subject);
    expect(taken.text).toContain(`${ORIGIN}/fr/?upgrade=true`);
  });

  it('confirms a forwarding destination in the language it was set up in', async () => {
    const pro = await buyPro(app, 'reenvio@example.com');
    const destination = 'destino@real.example';
    await pro
      .post('/api/update-forwarding', { forwardingEmail: destination, enabled: true })
      .set('Accept-Language', 'es-MX,es;q=0.8')
      .expect(200);
    const [mail] = await mailsTo(test, destination);
    expect(mail!.subject).toBe(textsIn('es').mails.confirmForwarding.subject);
    expect(mail!.text).toMatch(/\/forwarding\/confirm\?token=[\w-]{43}&lang=es\n/);
  });
});
