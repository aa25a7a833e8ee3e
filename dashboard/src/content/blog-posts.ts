import type { BlogPostMeta } from './content-types';

// The blog's index: every post's slug, category and date, small enough to be in the page's
// code. The posts' texts are fetched on demand (load-content.ts).

const postMetas = import.meta.glob<BlogPostMeta>('./blog/*/meta.json', {
  eager: true,
  import: 'default',
});

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
