import { useQuery } from '@tanstack/react-query';
import { BLOG_POSTS, loadPage, loadPost } from '../../content/load-content';
import type { Language } from '../../shared/preferences/choose-language';

// Content never changes while a page is open: read once per page and language.

export const pageQuery = (page: string, language: Language) => ({
  queryKey: ['content', 'page', page, language] as const,
  queryFn: () => loadPage<unknown>(page, language),
  staleTime: Infinity,
});

export const postQuery = (slug: string, language: Language) => ({
  queryKey: ['content', 'post', slug, language] as const,
  queryFn: () => loadPost(slug, language),
  staleTime: Infinity,
});

/** Every post's title and description, for the blog list. */
export const allPostsQuery = (language: Language) => ({
  queryKey: ['content', 'posts', language] as const,
  queryFn: () =>
    Promise.all(
      BLOG_POSTS.map(async (post) => ({ ...post, loaded: await loadPost(post.slug, language) })),
    ),
  staleTime: Infinity,
});

export function usePageText<T>(page: string, language: Language) {
  return useQuery(pageQuery(page, language)) as ReturnType<typeof useQuery<T>>;
}
