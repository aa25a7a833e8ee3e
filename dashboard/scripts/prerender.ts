// Writes every public route in every language as HTML (issue 7, search-engine readiness):
// `npm run build` runs it after the client and server bundles are built. Each page gets its
// rendered markup, its head (title, description, canonical, hreflang, Open Graph, Twitter,
// JSON-LD) and the state it hydrates from. Absolute URLs are written with SITE_URL_TOKEN,
// which the server replaces with its PUBLIC_URL, so one build serves any host.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDER_STATE_ID, PRERENDERED_PATH_META } from '../src/app/prerender-markers.js';
import { SUPPORTED_LANGUAGES, type Language } from '../src/shared/preferences/choose-language.js';
import { serializeForScript } from '../src/shared/serialize-for-script.js';

const dashboard = path.resolve(import.meta.dirname, '..');
const dist = path.join(dashboard, 'dist');
const siteDir = path.join(dist, 'site');
const LANGUAGES = SUPPORTED_LANGUAGES;

/** Replaced by the server with its public URL (serve-dashboard.ts). */
const SITE_URL = '%TEMPMAIL_SITE_URL%';
const OG_LOCALES: Record<Language, string> = { en: 'en_US', fr: 'fr_FR', es: 'es_ES', de: 'de_DE' };

/** What src/entry-server.tsx exports, as this script uses it. */
interface EntryServer {
  LOCALIZED_PAGES: readonly string[];
  LANDING_PAGES: readonly string[];
  BLOG_POSTS: readonly { slug: string }[];
  sitePath(page: string, language: Language, slug?: string): string;
  sitePageSource(path: string): string;
  renderPage(
    path: string,
    language: Language,
  ): Promise<{
    html: string;
    head: { title?: string; description?: string; keywords?: string };
    state: unknown;
    t: (key: string) => string;
  }>;
}

const server = (await import(
  pathToFileURL(path.join(dashboard, 'dist-server', 'entry-server.js')).href
)) as EntryServer;

/** Vite's build manifest: each source module's chunk and the chunks it imports statically. */
type Manifest = Record<string, { file: string; imports?: string[] }>;
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;

/** The chunk files `key` loads before it runs: its own and every static import, recursively. */
function chunkFiles(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, into);
  return into;
}
const entryFiles = chunkFiles('index.html');

/**
 * A prerendered page paints from its HTML and stylesheet alone; its scripts and texts are
 * what hydration needs. Fetched at low priority, they no longer share a slow link with the
 * stylesheet ahead of the first paint (a page that is not prerendered paints only once its
 * scripts have run: `dist/index.html`, which the server sends for those, keeps Vite's tags).
 */
const HYDRATION_PRIORITY = 'fetchpriority="low"';

/**
 * Where a content page keeps those tags until the browser reports its first contentful
 * paint: `index.html`'s second script, which names this id too, adds the template's tags to
 * the head then (ADR 0028). The home page keeps them in its head: its address comes from
 * the API, so its scripts are wanted at once.
 */
const HYDRATION_TAGS_ID = 'tm-hydration-tags';

/** Vite's tags for the entry in `dist/index.html`: its module script and its preloads. */
const ENTRY_TAG = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * What a page loads after the entry, announced in its head so the browser fetches it all at
 * once instead of one import after another: the page's chunks and its language's texts.
 */
function preloadTags(job: PageJob): string[] {
  const pageFiles = [...chunkFiles(server.sitePageSource(job.path))].filter(
    (file) => !entryFiles.has(file),
  );
  const texts = [
    `src/shared/i18n/locales/${job.language}.json`,
    `src/shared/i18n/locales/marketing/${job.language}.json`,
  ].map((key) => chunkFiles(key).values().next().value!);
  return [
    ...pageFiles.map(
      (file) => `<link rel="modulepreload" ${HYDRATION_PRIORITY} crossorigin href="/${file}" />`,
    ),
    ...texts.map(
      (file) =>
        `<link rel="preload" as="fetch" ${HYDRATION_PRIORITY} crossorigin href="/${file}" />`,
    ),
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface PageJob {
  path: string;
  language: Language;
  /** The same page's path in each language (translated pages only). */
  alternates?: Record<Language, string>;
  kind: 'website' | 'article';
  index: boolean;
  /** Scripts and texts fetched after the first paint (content pages), not with it. */
  deferHydration: boolean;
  jsonLd?: unknown[];
}

function jobs(): PageJob[] {
  const list: PageJob[] = [];
  const localized = (page: string, slug?: string) => {
    const alternates = Object.fromEntries(
      LANGUAGES.map((language) => [language, server.sitePath(page, language, slug)]),
    ) as Record<Language, string>;
    for (const language of LANGUAGES) {
      list.push({
        path: alternates[language],
        language,
        alternates,
        kind: page === 'blog-post' ? 'article' : 'website',
        index: true,
        deferHydration: page !== 'home',
        jsonLd:
          page === 'home'
            ? [
                {
                  '@context': 'https://schema.org',
                  '@type': 'Organization',
                  name: 'TempMail',
                  url: `${SITE_URL}/`,
                },
                {
                  '@context': 'https://schema.org',
                  '@type': 'WebSite',
                  name: 'TempMail',
                  url: `${SITE_URL}${alternates[language]}`,
                  inLanguage: language,
                },
              ]
            : undefined,
      });
    }
  };
  for (const page of server.LOCALIZED_PAGES) localized(page);
  for (const post of server.BLOG_POSTS) localized('blog-post', post.slug);
  for (const page of server.LANDING_PAGES)
    list.push({
      path: `/${page}`,
      language: 'en',
      kind: 'website',
      index: true,
      deferHydration: true,
    });
  // The payment pages are not prerendered: they depend on their query string and the
  // visitor's session, so the server sends the bare app for them (appPage, below).
  return list;
}

function headTags(
  job: PageJob,
  title: string,
  description: string,
  keywords: string | undefined,
): string {
  const url = `${SITE_URL}${job.path}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...(keywords ? [`<meta name="keywords" content="${escapeHtml(keywords)}" />`] : []),
    `<meta name="${PRERENDERED_PATH_META}" content="${escapeHtml(job.path)}" />`,
  ];
  if (!job.index) tags.push('<meta name="robots" content="noindex" />');
  else tags.push(`<link rel="canonical" href="${url}" />`);
  if (job.alternates) {
    for (const language of LANGUAGES) {
      tags.push(
        `<link rel="alternate" hreflang="${language}" href="${SITE_URL}${job.alternates[language]}" />`,
      );
    }
    tags.push(
      `<link rel="alternate" hreflang="x-default" href="${SITE_URL}${job.alternates.en}" />`,
    );
  }
  tags.push(
    `<meta property="og:type" content="${job.kind}" />`,
    `<meta property="og:site_name" content="TempMail" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[job.language]}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  );
  for (const data of job.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${serializeForScript(data)}</script>`);
  }
  return tags.join('\n    ');
}

const builtIndex = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryTags = (builtIndex.match(ENTRY_TAG) ?? []).map((tag) =>
  tag.replace(/^<(script type="module"|link rel="modulepreload")/, `<$1 ${HYDRATION_PRIORITY}`),
);
if (!entryTags.some((tag) => tag.startsWith('<script')))
  throw new Error('dist/index.html has no module script: did Vite change its tags?');
const template = builtIndex.replace(new RegExp(`\\s*(?:${ENTRY_TAG.source})`, 'g'), '');

/** What hydration fetches: the entry's tags and the page's own, in the head or in the template. */
function hydrationTags(job: PageJob): string {
  const tags = [...entryTags, ...preloadTags(job)].join('\n    ');
  return job.deferHydration ? `<template id="${HYDRATION_TAGS_ID}">${tags}</template>` : tags;
}

function page(job: PageJob, rendered: Awaited<ReturnType<typeof server.renderPage>>): string {
  const title = rendered.head.title ?? 'TempMail';
  const description = rendered.head.description ?? rendered.t('home.subtitle');
  return template
    .replace('<html lang="en">', `<html lang="${job.language}" dir="ltr">`)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(
      '</head>',
      `  ${headTags(job, title, description, rendered.head.keywords)}\n    ${hydrationTags(job)}\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="${PRERENDER_STATE_ID}">${serializeForScript(rendered.state)}</script>`,
    );
}

function write(urlPath: string, html: string): void {
  const file = path.join(siteDir, urlPath === '/' ? '' : urlPath, 'index.html');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
}

fs.rmSync(siteDir, { recursive: true, force: true });
const all = jobs();
for (const job of all) write(job.path, page(job, await server.renderPage(job.path, job.language)));

// The 404 page, answered with status 404 for every path that is no page: 404.html in
// English (an unprefixed path), 404.<language>.html for a path under a language's prefix.
for (const language of LANGUAGES) {
  const notFound = page(
    { path: '/404', language, kind: 'website', index: false, deferHydration: true },
    await server.renderPage('/404', language),
  );
  fs.writeFileSync(path.join(siteDir, `404.${language}.html`), notFound);
  if (language === 'en') fs.writeFileSync(path.join(siteDir, '404.html'), notFound);
}

// 'Post not found' with the way back to the blog, in each language, answered with status 404
// for a blog path that is no post (404-blog.<language>.html).
for (const language of LANGUAGES) {
  const missing = await server.renderPage(
    server.sitePath('blog-post', language, 'no-such-post'),
    language,
  );
  fs.writeFileSync(
    path.join(siteDir, `404-blog.${language}.html`),
    page({ path: '/404', language, kind: 'website', index: false, deferHydration: true }, missing),
  );
}

/**
 * The bare app, which renders in the browser alone, named and titled in one language: what
 * the server sends for a payment page (`pro-success.<language>.html`,
 * `pro-cancel.<language>.html`) in the language it reads off the request, so that the tab and
 * a screen reader do not start in English before the script picks the page's language.
 */
function appPage(language: Language, title: string): string {
  return builtIndex
    .replace('<html lang="en">', `<html lang="${language}" dir="ltr">`)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)} | TempMail</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '<meta name="robots" content="noindex" />');
}
for (const language of LANGUAGES) {
  const { t } = await server.renderPage('/404', language);
  fs.writeFileSync(
    path.join(siteDir, `pro-success.${language}.html`),
    appPage(language, t('loaders.upgrading')),
  );
  fs.writeFileSync(
    path.join(siteDir, `pro-cancel.${language}.html`),
    appPage(language, t('proCancel.title')),
  );
}

const indexed = all.filter((job) => job.index);
fs.writeFileSync(
  path.join(siteDir, 'sitemap.xml'),
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...indexed.map((job) =>
      [
        '  <url>',
        `    <loc>${SITE_URL}${job.path}</loc>`,
        ...(job.alternates
          ? LANGUAGES.map(
              (language) =>
                `    <xhtml:link rel="alternate" hreflang="${language}" href="${SITE_URL}${job.alternates![language]}"/>`,
            )
          : []),
        '  </url>',
      ].join('\n'),
    ),
    '</urlset>',
    '',
  ].join('\n'),
);
fs.writeFileSync(
  path.join(siteDir, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /pro/\n\nSitemap: ${SITE_URL}/sitemap.xml\n`,
);
console.warn(`prerendered ${all.length + 1} pages and the sitemap (${indexed.length} URLs)`);
