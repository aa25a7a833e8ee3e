// The public site's content files: every page in four languages with the same structure,
// every post complete, the six named posts translated, no product fact spelled out, and
// every cross-reference a link to a page of the site.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_LINK } from '../src/features/site/rich-text.js';
import { parseSitePath } from '../src/shared/routing/site-routes.js';

const contentDir = path.resolve(import.meta.dirname, '../src/content');
const LANGUAGES = ['en', 'fr', 'es', 'de'];
const TRANSLATED_POSTS = [
  'what-is-temporary-email',
  'temp-mail-for-facebook',
  'best-temporary-email',
  'disposable-email-vs-real-email',
  'is-temporary-email-safe',
  'free-temporary-email-without-signup',
];
const read = (...parts: string[]) =>
  JSON.parse(fs.readFileSync(path.join(contentDir, ...parts), 'utf8')) as Record<string, unknown>;
const folders = (dir: string) => fs.readdirSync(path.join(contentDir, dir)).sort();

/** The shape of a value: keys and array lengths, not the words. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, key === 'id' ? child : shape(child)]),
    );
  }
  return typeof value;
}

/** Product facts come from product-facts.ts through placeholders, never as written numbers. */
const SPELLED_FACTS =
  /\$\s?\d|\d\s?€|\b10 (minutes|minutos|Minuten)\b|\b60 (minutes|minutos|Minuten)\b/;

describe('page content', () => {
  const pages = folders('pages');

  it('has every page of the site', () => {
    expect(pages).toEqual(
      [
        'best-temp-mail',
        'contact',
        'features',
        'privacy',
        'temp-mail-facebook',
        'temporary-email-generator',
        'temporary-gmail',
        'terms',
        'trust-safety',
      ].sort(),
    );
  });

  it.each(pages)('%s is written in four languages with one structure', (page) => {
    const english = shape(read('pages', page, 'en.json'));
    for (const language of LANGUAGES.slice(1)) {
      expect(shape(read('pages', page, `${language}.json`))).toEqual(english);
    }
  });

  it('gives the terms 14 sections in every language', () => {
    for (const language of LANGUAGES) {
      expect((read('pages', 'terms', `${language}.json`).sections as unknown[]).length).toBe(14);
    }
  });

  it.each(pages)('%s links pages of the site in its own language, never a bare path', (page) => {
    for (const language of LANGUAGES) {
      const text = JSON.stringify(read('pages', page, `${language}.json`));
      for (const [, words, href] of text.matchAll(SITE_LINK)) {
        const route = parseSitePath(href!);
        expect(route.page, href).not.toBe('not-found');
        expect(route.language, `${words} (${href})`).toBe(language);
      }
      // A path written as text, "(/privacy)", reads as noise: it is a link or nothing.
      expect(text.replace(SITE_LINK, '')).not.toMatch(/\(\/[a-z]/);
    }
  });

  it.each(pages)('%s spells out no product fact', (page) => {
    for (const language of LANGUAGES) {
      expect(JSON.stringify(read('pages', page, `${language}.json`))).not.toMatch(SPELLED_FACTS);
    }
  });
});

describe('blog content', () => {
  const posts = folders('blog');

  it('has 16 posts, the six named ones among them, in the spec categories', () => {
    expect(posts).toHaveLength(16);
    for (const slug of TRANSLATED_POSTS) expect(posts).toContain(slug);
    for (const slug of posts) {
      const meta = read('blog', slug, 'meta.json');
      expect(meta.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it.each(posts)('%s is complete in English, and in all four languages when named', (slug) => {
    const languages = TRANSLATED_POSTS.includes(slug) ? LANGUAGES : ['en'];
    for (const language of languages) {
      const post = read('blog', slug, `${language}.json`) as {
        title: string;
        description: string;
        content: { intro: string; sections: unknown[]; faq: unknown[]; conclusion: string };
      };
      expect(post.title.trim()).not.toBe('');
      expect(post.content.intro.length).toBeGreaterThan(200);
      expect(post.content.sections.length).toBeGreaterThanOrEqual(3);
      expect(post.content.faq.length).toBeGreaterThan(0);
      expect(post.content.conclusion.trim()).not.toBe('');
      expect(JSON.stringify(post)).not.toMatch(SPELLED_FACTS);
    }
  });
});
