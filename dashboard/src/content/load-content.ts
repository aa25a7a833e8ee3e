import { fetchJsonFiles } from '../shared/fetch-json-files';
import type { Language } from '../shared/preferences/choose-language';
import { BLOG_POSTS, findPost, type BlogPostEntry } from './blog-posts';
import type { BlogPostText } from './content-types';
import { articleWordCount, readTimeMinutes } from './read-time';

// The public site's content, one JSON file per page (or post) and language, each fetched on
// its own (fetchJsonFiles): a visitor downloads only the texts of the page they read. This
// module (the files' addresses) is itself loaded on demand: a prerendered page carries its
// own content, so only a move to another page needs it (issue 24's budget for content pages).

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

/** A post as its page and the blog's list show it: its entry, its text and what follows. */
export interface LoadedPost extends BlogPostEntry {
  text: BlogPostText;
  /** The text's language: the one asked for, or English when the post is not translated. */
  language: Language;
  readMinutes: number;
  /** For the Article's structured data. */
  wordCount: number;
}

/**
 * A post in the language, or in English when it is not translated; null for no such post.
 * Its date, category and read time come with it, so a post's page needs no list of posts.
 */
export async function loadPost(slug: string, language: Language): Promise<LoadedPost | null> {
  const entry = findPost(slug);
  const own = postTexts[`./blog/${slug}/${language}.json`];
  const load = own ?? postTexts[`./blog/${slug}/en.json`];
  if (!entry || !load) return null;
  const text = await load();
  return {
    ...entry,
    text,
    language: own ? language : 'en',
    readMinutes: readTimeMinutes(text),
    wordCount: articleWordCount(text),
  };
}

/** A post as the blog's list shows it: everything but its body. */
export interface PostSummary extends BlogPostEntry {
  title: string;
  description: string;
  language: Language;
  readMinutes: number;
}

/**
 * Every post, newest first, each in the language (or English), without its body: the
 * prerendered list carries what it shows in its state, not every post's text (114 KB of
 * the page when it did).
 */
export async function loadPostSummaries(language: Language): Promise<PostSummary[]> {
  const posts = await Promise.all(BLOG_POSTS.map((post) => loadPost(post.slug, language)));
  return posts
    .filter((post) => post !== null)
    .map(({ text, wordCount: _wordCount, ...post }) => ({
      ...post,
      title: text.title,
      description: text.description,
    }));
}

/** A page's texts in the language (every page is written in all four). */
export async function loadPage<T>(page: string, language: Language): Promise<T> {
  const load =
    pageTexts[`./pages/${page}/${language}.json`] ?? pageTexts[`./pages/${page}/en.json`];
  if (!load) throw new Error(`No content for the page ${page}`);
  return (await load()) as T;
}
