import { useEffect, useSyncExternalStore } from 'react';
import type { Language } from '../../shared/preferences/choose-language';

// The public site's content, read once per page and language: it never changes while a page
// is open. A small cache of its own rather than the app's query client, so that a content
// page loads no TanStack Query (issue 24: a content page's JavaScript stays under 100 KB).

/** What a content page is given: the content once loaded, and whether it is still loading. */
export interface ContentRead<T> {
  data: T | undefined;
  isPending: boolean;
}

/** One piece of content: its key in the cache, and how to load it. */
export interface ContentQuery<T> {
  key: string;
  load: () => Promise<T>;
}

interface Entry {
  data?: unknown;
  loaded: boolean;
  loading?: Promise<void>;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the content unless it is loaded or loading; resolves when it is in the cache. */
export function prefetchContent<T>(query: ContentQuery<T>): Promise<void> {
  const known = entries.get(query.key);
  if (known?.loaded) return Promise.resolve();
  if (known?.loading) return known.loading;
  const entry: Entry = { loaded: false };
  entry.loading = query.load().then(
    (data) => {
      entries.set(query.key, { data, loaded: true });
      changed();
    },
    (error: unknown) => {
      // Left out of the cache: the next page that asks tries again.
      entries.delete(query.key);
      console.warn(`Content ${query.key} did not load`, error);
    },
  );
  entries.set(query.key, entry);
  return entry.loading;
}

/** The loaded content of these keys, for the prerender to write into the page. */
export function dehydrateContent(keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.flatMap((key) => {
      const entry = entries.get(key);
      return entry?.loaded ? [[key, entry.data]] : [];
    }),
  );
}

/** Fills the cache from what the prerender wrote, before hydration reads it. */
export function hydrateContent(state: Record<string, unknown>): void {
  for (const [key, data] of Object.entries(state)) entries.set(key, { data, loaded: true });
}

/** Content in a component: loaded on first use (unless `enabled` is false). */
export function useContent<T>(query: ContentQuery<T>, enabled = true): ContentRead<T> {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  useEffect(() => {
    if (enabled) void prefetchContent(query);
    // The key names the content: the same key always loads the same.
  }, [query.key, enabled]);
  const entry = entries.get(query.key);
  return entry?.loaded
    ? { data: entry.data as T, isPending: false }
    : { data: undefined, isPending: true };
}

/** The content files' addresses: loaded with the first content not already in the page. */
const contentFiles = () => import('../../content/load-content');

export const pageQuery = <T>(page: string, language: Language): ContentQuery<T> => ({
  key: `page:${page}:${language}`,
  load: async () => (await contentFiles()).loadPage<T>(page, language),
});

export const postQuery = (slug: string, language: Language) => ({
  key: `post:${slug}:${language}`,
  load: async () => (await contentFiles()).loadPost(slug, language),
});

/** Every post's title and description, for the blog list. */
export const allPostsQuery = (language: Language) => ({
  key: `posts:${language}`,
  load: async () => (await contentFiles()).loadPostSummaries(language),
});

export function usePageText<T>(page: string, language: Language) {
  return useContent(pageQuery<T>(page, language));
}
