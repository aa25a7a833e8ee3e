import { fetchJsonFiles } from '../shared/fetch-json-files';
import type { Language } from '../shared/preferences/choose-language';
import type { BlogPostMeta, BlogPostText } from './content-types';

// The public site's content, one JSON file per page (or post) and language, each fetched on
// its own (fetchJsonFiles): a visitor downloads only the texts of the page they read.

const postMetas = import.meta.glob<BlogPostMeta>('./blog/*/meta.json', {
  eager: true,
  import: 'default',
});
const postTexts: Record<string, () => Promise<BlogPostText>> = import.meta.env.SSR
  ? import.meta.glob<BlogPostText>(['./blog/*/*.json', '!./blog/*/meta.json'], {
      import: 'default',
    })
  : fetchJsonFiles(
      import.meta.glob<string>(['./blog/*/*.json', '!./blog/*/meta.json'], {
        query: '?url',
        import: 'default',
        eager: true,
      }),
    );
const pageTexts: Record<string, () => Promise<unknown>> = import.meta.env.SSR
  ? import.meta.glob<unknown>('./pages/*/*.json', { import: 'default' })
  : fetchJsonFiles(
      import.meta.glob<string>('./pages/*/*.json', {
        query: '?url',
        import: 'default',
        eager: true,
      }),
    );

export interface BlogPostEntry extends BlogPostMeta {
  slug: string;
}

/**
 * Plain code-unit order: ISO dates and slugs are ASCII, and localeCompare would start ICU's
 * collation on every page load (tens of milliseconds on a phone) just to sort them.
 */
const compareAscii = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every post, newest first: the blog list's order (its first three are featured). */
export const BLOG_POSTS: readonly BlogPostEntry[] = Object.entries(postMetas)
  .map(([file, meta]) => ({ slug: file.split('/')[2]!, ...meta }))
  .sort((a, b) => compareAscii(b.publishedDate, a.publishedDate) || compareAscii(a.slug, b.slug));

export function findPost(slug: string): BlogPostEntry | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}

/** A post in the language, or in English when it is not translated; null for no such post. */
export async function loadPost(
  slug: string,
  language: Language,
): Promise<{ text: BlogPostText; language: Language } | null> {
  const own = postTexts[`./blog/${slug}/${language}.json`];
  if (own) return { text: await own(), language };
  const english = postTexts[`./blog/${slug}/en.json`];
  return english ? { text: await english(), language: 'en' } : null;
}

/** A page's texts in the language (every page is written in all four). */
export async function loadPage<T>(page: string, language: Language): Promise<T> {
  const load =
    pageTexts[`./pages/${page}/${language}.json`] ?? pageTexts[`./pages/${page}/en.json`];
  if (!load) throw new Error(`No content for the page ${page}`);
  return (await load()) as T;
}
