// The prerender's entry (built by `vite build --ssr`, run by scripts/prerender.ts): renders
// one route in one language to HTML, with the content it needs already loaded, and returns
// what the document's head needs.
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app-root';
import { preloadSitePage } from './app/routing/site-page';
import { parseSitePath } from './shared/routing/site-routes';
import {
  allPostsQuery,
  dehydrateContent,
  pageQuery,
  postQuery,
  prefetchContent,
  type ContentQuery,
} from './features/site/content-queries';
import { HeadContext, type CollectedHead } from './features/site/head-context';
import { startI18n } from './shared/i18n/init-i18n';
import type { Language } from './shared/preferences/choose-language';

// What scripts/prerender.ts reads besides renderPage.
export { BLOG_POSTS } from './content/blog-posts';
export { LANDING_PAGES, LOCALIZED_PAGES, sitePath } from './shared/routing/site-routes';
export { sitePageSource } from './app/routing/site-page';

let started: Promise<unknown> | undefined;

/** The content a route shows, loaded before it renders so the HTML has it. */
async function prefetch(path: string, language: Language): Promise<string[]> {
  const route = parseSitePath(path);
  let query: ContentQuery<unknown> | undefined;
  if (route.page === 'blog') query = allPostsQuery(language);
  // A slug that is no post loads as null: the page then says 'Post not found'.
  else if (route.page === 'blog-post' && route.slug) query = postQuery(route.slug, language);
  else if (!['home', 'faq', 'not-found', 'pro-success', 'pro-cancel'].includes(route.page)) {
    query = pageQuery(route.page, language);
  }
  if (!query) return [];
  await prefetchContent(query);
  return [query.key];
}

export interface RenderedPage {
  html: string;
  head: CollectedHead;
  /** The content the page shows, to hydrate from (content-queries.ts). */
  state: Record<string, unknown>;
  /** The i18next instance, for the head's own texts. */
  t: typeof i18next.t;
}

export async function renderPage(path: string, language: Language): Promise<RenderedPage> {
  started ??= startI18n(language);
  await started;
  await i18next.changeLanguage(language);
  const contentKeys = await prefetch(path, language);
  const head: CollectedHead = {};
  await preloadSitePage(path);
  const html = renderToString(
    <HeadContext.Provider value={head}>
      <StaticRouter location={path}>
        <AppShell />
      </StaticRouter>
    </HeadContext.Provider>,
  );
  return {
    html,
    head,
    state: dehydrateContent(contentKeys),
    t: i18next.getFixedT(language),
  };
}
