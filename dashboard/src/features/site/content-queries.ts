import { queryOptions, useQuery } from '@tanstack/react-query';
import { BLOG_POSTS, loadPage, loadPost } from '../../content/load-content';
import type { Language } from '../../shared/preferences/choose-language';

// Content never changes while a page is open: read once per page and language (the query
// client's default staleness is already "never stale").

export const pageQuery = <T>(page: string, language: Language) =>
  queryOptions({
    queryKey: ['content', 'page', page, language],
    queryFn: () => loadPage<T>(page, language),
  });

export const postQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: ['content', 'post', slug, language],
    queryFn: () => loadPost(slug, language),
  });

/** Every post's title and description, for the blog list. */
export const allPostsQuery = (language: Language) =>
  queryOptions({
    queryKey: ['content', 'posts', language],
    queryFn: () =>
      Promise.all(
        BLOG_POSTS.map(async (post) => ({ ...post, loaded: await loadPost(post.slug, language) })),
      ),
  });

export function usePageText<T>(page: string, language: Language) {
  return useQuery(pageQuery<T>(page, language));
}
