// What search engines and link previews get without running JavaScript: the built server's
// prerendered pages, their heads, the sitemap and robots.txt, and the 404 status.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../tests/support/start-server.js';
import { BUILD_NOTICE, ensureBuild } from '../../scripts/ensure-build.js';
import { repoRoot } from '../../tests/support/paths.js';

let server: RunningServer;

beforeAll(async () => {
  ensureBuild(BUILD_NOTICE);
  server = await startServer({ built: true });
}, 180_000);
afterAll(() => server?.stop());

async function html(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
  return { status: response.status, text: await response.text() };
}

/** A page's announced chunks, and its texts (links the prerender writes at low priority). */
const MODULE_PRELOAD = /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)"/g;
const TEXT_PRELOAD =
  /<link rel="preload" as="fetch" fetchpriority="low" crossorigin href="([^"]+)"/g;

const attribute = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];

/** A page's head, where it names what it fetches. */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

/** A GET as sent, without fetch's own decompression: the raw body and its headers. */
function rawGet(
  path: string,
  acceptEncoding?: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { Accept: 'text/html' };
    if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
    http
      .get(`${server.url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('prerendered pages', () => {
  it.each([
    ['/', 'en', 'Free temporary email | TempMail'],
    ['/fr', 'fr', 'E-mail temporaire gratuit | TempMail'],
    ['/de/faq', 'de', undefined],
    ['/es/blog/what-is-temporary-email', 'es', undefined],
    ['/privacy', 'en', undefined],
    ['/temp-mail-facebook', 'en', undefined],
  ])('%s carries its language, title, canonical and alternates', async (path, language, title) => {
    const { status, text } = await html(path);
    expect(status).toBe(200);
    expect(text).toContain(`<html lang="${language}" dir="ltr">`);
    const shownTitle = attribute(text, /<title>([^<]+)<\/title>/);
    expect(shownTitle).toMatch(/\| TempMail$/);
    if (title) expect(shownTitle).toBe(title);
    expect(attribute(text, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(
      40,
    );
    expect(attribute(text, /<link rel="canonical" href="([^"]+)"/)).toBe(`${server.url}${path}`);
    expect(text).toContain(`<meta property="og:url" content="${server.url}${path}"`);
    expect(text).toContain('<meta name="twitter:card" content="summary"');
    // The page's words are in the HTML, not only in the script.
    expect(attribute(text, /<h1[^>]*>([^<]+)<\/h1>/)?.trim()).toBeTruthy();
  });

  it('names the four languages and x-default for a translated page', async () => {
    const { text } = await html('/fr/faq');
    for (const [language, path] of [
      ['en', '/faq'],
      ['fr', '/fr/faq'],
      ['es', '/es/faq'],
      ['de', '/de/faq'],
      ['x-default', '/faq'],
    ]) {
      expect(text).toContain(
        `<link rel="alternate" hreflang="${language}" href="${server.url}${path}"`,
      );
    }
  });

  it('links the logo and the footer to the pages in the page’s own language', async () => {
    const hrefs = (text: string) => [...text.matchAll(/<a[^>]* href="([^"]+)"/g)].map((m) => m[1]);
    const french = hrefs((await html('/fr/faq')).text);
    for (const path of ['/fr', '/fr/features', '/fr/privacy', '/fr/terms', '/fr/blog'])
      expect(french).toContain(path);
    // Contact stays unprefixed in the footer, in every language.
    expect(french).toContain('/contact');
    expect(french).not.toContain('/features');
    const english = hrefs((await html('/faq')).text);
    expect(english).toContain('/features');
    expect(english).not.toContain('/fr/features');
  });

  it('carries structured data: Organization, WebSite, FAQPage, Article', async () => {
    const home = (await html('/')).text;
    expect(home).toContain('"@type":"Organization"');
    expect(home).toContain('"@type":"WebSite"');
    expect((await html('/faq')).text).toContain('"@type":"FAQPage"');
    const post = (await html('/blog/how-temporary-email-works')).text;
    const article = /"@type":"Article"[^<]*"wordCount":(\d+)/.exec(post);
    expect(Number(article?.[1])).toBeGreaterThan(500);
  });

  it('carries every FAQ answer in the page, closed under its question', async () => {
    const faq = (await html('/faq')).text;
    expect(faq.match(/<details /g)).toHaveLength(35);
    expect(faq).not.toMatch(/<details [^>]*\sopen[\s=>]/);
    expect(faq).toContain('Who can read my inbox?</h2>');
  });

  it("lists the blog's posts from their summaries, not their texts", async () => {
    const list = (await html('/fr/blog')).text;
    const state = /<script type="application\/json" id="tm-prerender-state">(.*?)<\/script>/s.exec(
      list,
    )?.[1];
    const posts = (JSON.parse(state!) as Record<string, Record<string, unknown>[]>)['posts:fr']!;
    expect(posts.length).toBeGreaterThan(10);
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual([
        'category',
        'description',
        'language',
        'publishedDate',
        'readMinutes',
        'slug',
        'title',
      ]);
      expect(list).toContain(`href="/fr/blog/${String(post.slug)}"`);
    }
  });

  it('gives a post its keywords, and each policy its date and a way home', async () => {
    const post = await html('/blog/what-is-temporary-email');
    expect(attribute(post.text, /<meta name="keywords" content="([^"]+)"/)).toMatch(/\w, \w/);
    expect((await html('/')).text).not.toContain('name="keywords"');
    for (const page of ['/privacy', '/terms']) {
      expect((await html(page)).text, page).toMatch(/Last updated: \w+ \d+, \d{4}/);
    }
    for (const page of ['/privacy', '/trust-safety', '/features']) {
      expect((await html(page)).text, page).toMatch(/<a [^>]*href="\/"[^>]*>.*Back to home<\/a>/);
    }
  });

  it('links the pages a policy names, in the policy’s language', async () => {
    expect((await html('/privacy')).text).toMatch(
      /<a [^>]*href="\/trust-safety"[^>]*>Trust &amp; Safety page<\/a>/,
    );
    const french = (await html('/fr/terms')).text;
    expect(french).toMatch(/<a [^>]*href="\/fr\/privacy"[^>]*>Politique de confidentialité<\/a>/);
    // A path as text, "(/fr/privacy)"; the hydration state keeps "[words](/fr/privacy)".
    expect(french).not.toMatch(/[^\]]\(\/fr\//);
  });

  it('shows no unfilled {{placeholder}} on any page, in any language', () => {
    // The hydration state carries the content as written (the page fills it when it renders);
    // everything else (text, meta tags, structured data) is what readers and crawlers see.
    const site = path.join(repoRoot, 'dashboard/dist/site');
    const pages = fs
      .readdirSync(site, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(pages.length).toBeGreaterThan(50);
    const unfilled = pages.flatMap((page) => {
      const shown = fs
        .readFileSync(page, 'utf8')
        .replace(/<script type="application\/json" id="tm-prerender-state">.*?<\/script>/gs, '');
      return [...shown.matchAll(/\{\{\s*\w+\s*\}\}/g)].map(
        (match) => `${path.relative(site, page)}: ${match[0]}`,
      );
    });
    expect(unfilled).toEqual([]);
  });

  it('sends the payment pages as the bare app in the request’s language', async () => {
    const bare = async (path: string, headers: Record<string, string>) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { Accept: 'text/html', ...headers },
      });
      expect(response.status).toBe(200);
      // Its language comes from the request: a shared cache must keep them apart.
      expect(response.headers.get('vary')).toMatch(/Accept-Language.*Cookie.*Accept-Encoding/);
      const text = await response.text();
      return {
        lang: /<html lang="([a-z]+)"/.exec(text)?.[1],
        title: /<title>([^<]*)<\/title>/.exec(text)?.[1],
        root: /<div id="root">([\s\S]*?)<\/div>/.exec(text)?.[1],
      };
    };
    // The browser's language, then the checkout's (`lang`), then the choice stored on the site.
    expect(await bare('/pro/success?cs=x', { 'Accept-Language': 'de-DE,de;q=0.9' })).toEqual({
      lang: 'de',
      title: 'Pro-Funktionen werden eingerichtet… | TempMail',
      root: '',
    });
    expect(await bare('/pro/cancel?lang=es', { 'Accept-Language': 'de' })).toMatchObject({
      lang: 'es',
      title: 'Pago cancelado | TempMail',
    });
    expect(
      await bare('/pro/cancel?lang=es', { 'Accept-Language': 'de', Cookie: 'tm_lang=fr' }),
    ).toMatchObject({ lang: 'fr', title: 'Paiement annulé | TempMail' });
    expect((await bare('/pro/cancel/', {})).lang).toBe('en');
  });

  it('answers 404 with the 404 page for what is no page, in the prefix’s language', async () => {
    for (const [path, language, title, description] of [
      ['/no-such-page', 'en', 'Page not found', "The page you're looking for"],
      ['/en/faq', 'en', 'Page not found', "The page you're looking for"],
      ['/blog/a/b', 'en', 'Page not found', "The page you're looking for"],
      ['/fr/temp-mail-facebook', 'fr', 'Page introuvable', 'La page que vous recherchez'],
      ['/es/nada', 'es', 'Página no encontrada', 'La página que buscas'],
      ['/de/nichts', 'de', 'Seite nicht gefunden', 'Die Seite, die du suchst'],
    ]) {
      const { status, text } = await html(path!);
      expect(status, path).toBe(404);
      expect(text, path).toContain(`<html lang="${language}"`);
      expect(attribute(text, /<h1[^>]*>([^<]+)<\/h1>/)?.trim(), path).toBe(title);
      expect(attribute(text, /<meta name="description" content="([^"]+)"/), path).toMatch(
        new RegExp(`^${description}`),
      );
    }
  });

  it("answers 404 with 'Post not found' and the way back, in the blog's language", async () => {
    for (const [path, language, blog] of [
      ['/blog/no-such-post', 'en', '/blog'],
      ['/fr/blog/no-such-post', 'fr', '/fr/blog'],
      ['/de/blog/another-missing-one', 'de', '/de/blog'],
    ] as const) {
      const { status, text } = await html(path);
      expect(status, path).toBe(404);
      expect(text, path).toContain(`<html lang="${language}" dir="ltr">`);
      expect(text, path).toMatch(new RegExp(`<a [^>]*href="${blog}"`));
      expect(text, path).not.toContain('Page not found');
    }
    expect((await html('/blog/no-such-post')).text).toContain('Post not found');
  });

  it("announces the page's chunks and its language's texts, which the server has", async () => {
    const { text } = await html('/fr/faq');
    const scripts = [...text.matchAll(MODULE_PRELOAD)];
    expect(scripts.some(([, href]) => /\/assets\/faq-page-[\w-]+\.js$/.test(href!))).toBe(true);
    const texts = [...text.matchAll(TEXT_PRELOAD)];
    expect(texts).toHaveLength(2);
    const translation = (await (await fetch(`${server.url}${texts[0]![1]}`)).json()) as object;
    // French, not English: the file is the page's language.
    expect(JSON.stringify(translation)).toContain('Questions fréquentes');
  });

  it("ships i18next without its debug-only log messages (the build's shake-i18next step)", async () => {
    const { text } = await html('/faq');
    const scripts = await Promise.all(
      [...text.matchAll(MODULE_PRELOAD)].map(async ([, href]) =>
        (await fetch(`${server.url}${href}`)).text(),
      ),
    );
    const framework = scripts.find((script) => script.includes('i18next:'));
    expect(framework).toBeDefined();
    expect(framework).not.toContain('loaded namespace');
  });

  it("shows the contact form's starting choices before its script runs", async () => {
    const { text } = await html('/contact');
    // A select without a chosen option shows its first: the priority would read Low.
    expect(text).toMatch(
      /<select[^>]*name="priority">(?:(?!<\/select>).)*<option value="medium" selected/,
    );
    expect(text).toMatch(/<select[^>]*name="category"><option value="general" selected/);
  });

  it('fetches what hydration needs after what the first paint needs, on prerendered pages only', async () => {
    const assetTags = (html: string) =>
      [...html.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="\/assets\/[^>]*>/g)].map(
        ([tag]) => tag,
      );
    const TEMPLATE = /<template id="tm-hydration-tags">([\s\S]*?)<\/template>/;

    // A content page names only its stylesheet; its scripts and texts wait in a template,
    // which index.html's script adds after the first paint (the browser tests watch it run).
    const faq = headOf((await html('/faq')).text);
    const deferred = assetTags(TEMPLATE.exec(faq)?.[1] ?? '');
    expect(deferred.filter((tag) => tag.startsWith('<script type="module"'))).toHaveLength(1);
    expect(deferred.length).toBeGreaterThan(5);
    for (const tag of deferred) expect(tag).toContain('fetchpriority="low"');
    const outside = assetTags(faq.replace(TEMPLATE, ''));
    expect(outside).toHaveLength(1);
    expect(outside[0]).toContain('rel="stylesheet"');
    expect(outside[0]).not.toContain('fetchpriority');

    // The home page's address comes from the API: its scripts are in its head, at low
    // priority behind the stylesheet.
    const home = headOf((await html('/')).text);
    expect(home).not.toMatch(TEMPLATE);
    const homeTags = assetTags(home).filter((tag) => !tag.includes('rel="stylesheet"'));
    expect(homeTags.some((tag) => tag.startsWith('<script type="module"'))).toBe(true);
    for (const tag of homeTags) expect(tag).toContain('fetchpriority="low"');

    // A page drawn by its scripts alone (not prerendered) needs them first.
    const success = (await html('/pro/success')).text;
    expect(success).not.toContain('fetchpriority');
    expect(success).not.toMatch(TEMPLATE);
  });

  it('marks the scripts every page runs at load, and only those, for compiling up front', async () => {
    const scriptsIn = (html: string) =>
      [
        ...headOf(html).matchAll(
          /<(?:script type="module"|link rel="modulepreload")[^>]*\b(?:src|href)="([^"]+)"/g,
        ),
      ].map(([, file]) => file!);
    const startsWithHint = async (file: string) =>
      (await (await fetch(`${server.url}${file}`)).text()).startsWith(
        '//# allFunctionsCalledOnLoad\n',
      );
    // The bare app (sent for the payment pages) names the entry and what it imports.
    const atLoad = scriptsIn((await html('/pro/success')).text);
    expect(atLoad.length).toBeGreaterThanOrEqual(3);
    for (const file of atLoad) expect(await startsWithHint(file), file).toBe(true);
    // The home page's own chunks are compiled as V8 sees fit.
    const own = scriptsIn((await html('/')).text).filter((file) => !atLoad.includes(file));
    expect(own.length).toBeGreaterThan(0);
    for (const file of own) expect(await startsWithHint(file), file).toBe(false);
  });

  it('sends pages and assets compressed to clients that take it, and plain to the others', async () => {
    const page = await rawGet('/faq', 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/Accept-Encoding/);
    const pageText = zlib.brotliDecompressSync(page.body).toString();
    expect(pageText).toContain('<html lang="en"');

    // The page's largest script (its entry is a few hundred bytes, too small to compress well).
    const scripts = [...pageText.matchAll(MODULE_PRELOAD)];
    const plains = await Promise.all(
      scripts.map(async ([, href]) => [href!, await rawGet(href!)] as const),
    );
    const [script, plain] = plains.reduce((a, b) => (b[1].body.length > a[1].body.length ? b : a));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await rawGet(script, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/javascript/);
    expect(gzipped.headers['cache-control']).toContain('immutable');
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('lists every page in every language in the sitemap, and robots.txt points to it', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    // 8 translated pages and 16 posts in four languages, and the four landing pages.
    expect(urls).toHaveLength((8 + 16) * 4 + 4);
    expect(urls).toContain(`${server.url}/de/blog/is-temporary-email-safe`);
    expect(urls).toContain(`${server.url}/temporary-gmail`);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
