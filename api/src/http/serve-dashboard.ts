import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { firstSegment } from './load-contract.js';
import { requestLanguage } from './request-language.js';

/** Where `npm run build -w dashboard` writes the app; the same from api/src and api/dist. */
export const DASHBOARD_DIST = path.resolve(import.meta.dirname, '../../../dashboard/dist');

/**
 * Pages the app renders in the browser only (they depend on their query string and session),
 * by path: the name of their bare page per language, `<name>.<language>.html`.
 */
const APP_ONLY_ROUTES = new Map([
  ['/pro/success', 'pro-success'],
  ['/pro/cancel', 'pro-cancel'],
]);

/** Served outside the contract by build-app.ts; the app must never answer for them. */
const SERVER_ROOTS = ['/docs', '/openapi.json', '/demo-checkout', '/demo-billing', '/forwarding'];

/** The prerender writes absolute URLs with this; it becomes the server's public URL. */
const SITE_URL_TOKEN = '%TEMPMAIL_SITE_URL%';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Content codings the build writes beside each asset (scripts/compress-assets.ts). */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Our preferred coding of those given that the client takes (Brotli first), or none. */
function pickEncoding(request: Request, offered: readonly Encoding[]): Encoding | undefined {
  // Without the header nothing but the identity is safe, whatever the RFC allows.
  if (!request.headers['accept-encoding']) return undefined;
  return offered.find((name) => request.acceptsEncodings(name) === name);
}

/** A page's text, compressed once per coding on first asked. */
class FilledPage {
  private readonly encoded = new Map<Encoding, Buffer>();
  constructor(readonly text: string) {}
  encode(encoding: Encoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.text, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
            })
          : zlib.gzipSync(this.text, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * The hash sources (`sha256-…`) of the scripts written inline in the built app's page, which
 * every prerendered page copies: what the dashboard's Content-Security-Policy allows besides
 * its files. Only a bare `<script>` runs; those with a type (JSON, JSON-LD) are data. None
 * without a build.
 */
export function hashInlineScripts(distDir: string = DASHBOARD_DIST): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const page = fs.readFileSync(indexFile, 'utf8');
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `sha256-${crypto.createHash('sha256').update(code!).digest('base64')}`,
  );
}

/**
 * The built dashboard on the API's own origin, so its calls need no CORS and its session
 * cookie stays first-party. Each public route in each language was prerendered to
 * `site/{path}/index.html` at build time; those pages, the sitemap and robots.txt are sent
 * with `publicUrl` in their absolute URLs. Any other GET that asks for HTML gets the 404 page
 * with status 404, except the payment pages, which get the bare app in the request's
 * language (request-language.ts). Vite names everything
 * under `assets/` by content hash, so those files are cached for a year; pages are
 * revalidated every time. Paths under the contract's roots (`/api`, `/v1`, the mail.tm
 * roots, the probes) are left alone whatever they ask for.
 *
 * Pages are sent under `pagePolicy`, the dashboard's Content-Security-Policy.
 *
 * Without a build (tests run from sources) this passes everything on.
 */
export function serveDashboard(
  contractRoots: ReadonlySet<string>,
  publicUrl: string,
  pagePolicy: string,
  distDir: string = DASHBOARD_DIST,
): RequestHandler {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return (_request, _response, next) => next();
  const siteDir = path.join(distDir, 'site');

  const reserved = new Set([...contractRoots, ...SERVER_ROOTS]);
  const assets = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders: (response, file) => {
      const isHashed = path.relative(distDir, file).split(path.sep)[0] === 'assets';
      response.setHeader('Cache-Control', isHashed ? IMMUTABLE : 'no-cache');
    },
  });

  // The prerendered pages by path, listed once: a request for any other path costs no disk
  // look-up and leaves nothing behind. Each page is read and filled in on its first request.
  const pages = new Map<string, string>();
  const listPages = (dir: string, urlPath: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) listPages(file, `${urlPath === '/' ? '' : urlPath}/${entry.name}`);
      else if (entry.name === 'index.html') pages.set(urlPath, file);
    }
  };
  if (fs.existsSync(siteDir)) listPages(siteDir, '/');
  // The files the prerender writes beside the pages, by the path they are asked for.
  const siteFile = (name: string) => {
    const file = path.join(siteDir, name);
    return fs.existsSync(file) ? file : undefined;
  };
  const siteFiles = new Map<string, string>();
  for (const name of ['sitemap.xml', 'robots.txt']) {
    const file = siteFile(name);
    if (file) siteFiles.set(`/${name}`, file);
  }
  const filled = new Map<string, FilledPage>();
  const read = (file: string): FilledPage => {
    let page = filled.get(file);
    if (!page) {
      page = new FilledPage(fs.readFileSync(file, 'utf8').replaceAll(SITE_URL_TOKEN, publicUrl));
      filled.set(file, page);
    }
    return page;
  };
  // The hashed assets that have compressed copies: served as those, to clients that take them.
  const assetsDir = path.join(distDir, 'assets');
  const compressed = new Map<string, Encoding[]>();
  for (const name of fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []) {
    const encoding = ENCODINGS.find(({ extension }) => name.endsWith(extension));
    if (!encoding) continue;
    const original = `/assets/${name.slice(0, -encoding.extension.length)}`;
    compressed.set(original, [...(compressed.get(original) ?? []), encoding.name]);
  }
  const sendCompressedAsset: RequestHandler = (request, response, next) => {
    const encoding = pickEncoding(request, compressed.get(request.path) ?? []);
    if (!encoding) return next();
    const { extension } = ENCODINGS.find(({ name }) => name === encoding)!;
    response
      .type(path.extname(request.path))
      .setHeader('Content-Encoding', encoding)
      .setHeader('Vary', 'Accept-Encoding')
      .setHeader('Cache-Control', IMMUTABLE)
      .sendFile(path.join(distDir, `${request.path}${extension}`), (error) => {
        if (error && !response.headersSent) next(error);
      });
  };
  const notFoundPage = siteFile('404.html') ?? indexFile;
  // The payment pages' bare app per language (`pro-success.fr.html`), listed once.
  const appPages = new Map<string, string>();
  for (const name of fs.existsSync(siteDir) ? fs.readdirSync(siteDir) : []) {
    const [, page, language] = /^([a-z-]+)\.([a-z]{2})\.html$/.exec(name) ?? [];
    if (page && [...APP_ONLY_ROUTES.values()].includes(page))
      appPages.set(`${page}.${language}`, path.join(siteDir, name));
  }
  // The 404 pages per language (404.<language>.html) and 'Post not found' per language
  // (404-blog.<language>.html), listed once like the pages.
  const notFoundPages = new Map<string, string>();
  const blogNotFoundPages = new Map<string, string>();
  for (const name of fs.existsSync(siteDir) ? fs.readdirSync(siteDir) : []) {
    const [, blog, language] = /^404(-blog)?\.([a-z]{2})\.html$/.exec(name) ?? [];
    if (language)
      (blog ? blogNotFoundPages : notFoundPages).set(language, path.join(siteDir, name));
  }
  /**
   * The 404 page for a path: under a blog (`/blog/x`, `/fr/blog/x`), 'Post not found' in the
   * blog's language with the way back to it; under a language's prefix (`/fr/x`), the page
   * in that language; the English one otherwise (it turns to the visitor's language).
   */
  const notFoundPageFor = (urlPath: string) => {
    const blog = /^(?:\/([a-z]{2}))?\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*$/.exec(urlPath);
    if (blog) return blogNotFoundPages.get(blog[1] ?? 'en') ?? notFoundPage;
    const prefix = /^\/([a-z]{2})(?:\/|$)/.exec(urlPath)?.[1];
    return (prefix && notFoundPages.get(prefix)) || notFoundPage;
  };
  const send = (
    request: Request,
    response: Response,
    status: number,
    type: string,
    page: FilledPage,
  ) => {
    response.status(status).type(type).setHeader('Cache-Control', 'no-cache');
    if (type === 'html') response.setHeader('Content-Security-Policy', pagePolicy);
    response.vary('Accept-Encoding');
    const encoding = pickEncoding(request, ['br', 'gzip']);
    if (!encoding) return response.send(page.text);
    response.setHeader('Content-Encoding', encoding).send(page.encode(encoding));
  };

  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (reserved.has(firstSegment(request.path))) return next();
    const siteFileAsked = siteFiles.get(request.path);
    if (siteFileAsked)
      return send(request, response, 200, path.extname(siteFileAsked), read(siteFileAsked));
    // `index.html` itself is the template, not a page: only its paths are.
    if (request.path === '/index.html') return next();
    const servePage = () => {
      const pagePath = request.path.replace(/\/+$/, '') || '/';
      const page = pages.get(pagePath);
      if (page) return send(request, response, 200, 'html', read(page));
      const appPage = APP_ONLY_ROUTES.get(pagePath);
      if (appPage) {
        // Its language comes from the request: a cache keeps one per language and choice.
        response.vary('Accept-Language').vary('Cookie');
        const named = appPages.get(`${appPage}.${requestLanguage(request)}`);
        return send(request, response, 200, 'html', read(named ?? indexFile));
      }
      if (!/\btext\/html\b/.test(request.headers.accept ?? '')) return next();
      send(request, response, 404, 'html', read(notFoundPageFor(pagePath)));
    };
    // The prerendered files are sent filled in, by their paths, never as raw files.
    if (request.path.startsWith('/site/')) return servePage();
    sendCompressedAsset(request, response, () => assets(request, response, servePage));
  };
}
