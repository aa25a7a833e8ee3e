import { fetchJsonFiles } from '../shared/fetch-json-files';
import type { Language } from '../shared/preferences/choose-language';
import { BLOG_POSTS } from './blog-posts';
import type { BlogPostText } from './content-types';

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

/** Every post, newest first, each with its text in the language (or English). */
export function loadAllPosts(language: Language) {
  return Promise.all(
    BLOG_POSTS.map(async (post) => ({ ...post, loaded: await loadPost(post.slug, language) })),
  );
}

/** A page's texts in the language (every page is written in all four). */
export async function loadPage<T>(page: string, language: Language): Promise<T> {
  const load =
    pageTexts[`./pages/${page}/${language}.json`] ?? pageTexts[`./pages/${page}/en.json`];
  if (!load) throw new Error(`No content for the page ${page}`);
  return (await load()) as T;
}
