import type { User } from '@tempmail/sdk';
import { Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { lazyPage, type LazyPage } from './lazy-page';
import { parseSitePath, type PageId } from '../../shared/routing/site-routes';
import { useSiteRoute } from '../../shared/routing/use-site-route';
import { Spinner } from '../../shared/ui/spinner';

// Each page is its own chunk, so a visitor downloads the code of the page they read (the
// public site's budget: 120 KB of JavaScript before interaction). The prerender waits for
// them; both load the address bar's page before they render it (preloadSitePage).
const home = lazyPage('src/features/home/home-page.tsx', () =>
  import('../../features/home/home-page').then((m) => m.HomePage),
);
const faq = lazyPage('src/features/faq/faq-page.tsx', () =>
  import('../../features/faq/faq-page').then((m) => m.FaqPage),
);
const contact = lazyPage('src/features/contact/contact-page.tsx', () =>
  import('../../features/contact/contact-page').then((m) => m.ContactPage),
);
const blogList = lazyPage('src/features/blog/blog-list-page.tsx', () =>
  import('../../features/blog/blog-list-page').then((m) => m.BlogListPage),
);
const blogPost = lazyPage('src/features/blog/blog-post-page.tsx', () =>
  import('../../features/blog/blog-post-page').then((m) => m.BlogPostPage),
);
const proSuccess = lazyPage('src/features/upgrade/pro-success-page.tsx', () =>
  import('../../features/upgrade/pro-success-page').then((m) => m.ProSuccessPage),
);
const proCancel = lazyPage('src/features/upgrade/pro-cancel-page.tsx', () =>
  import('../../features/upgrade/pro-cancel-page').then((m) => m.ProCancelPage),
);
const notFound = lazyPage('src/app/not-found-page.tsx', () =>
  import('../not-found-page').then((m) => m.NotFoundPage),
);
const documentPage = lazyPage('src/features/site/document-page.tsx', () =>
  import('../../features/site/document-page').then((m) => m.DocumentPage),
);

const PAGES: Partial<Record<PageId, Pick<LazyPage<never>, 'source' | 'preload'>>> = {
  home,
  faq,
  contact,
  blog: blogList,
  'blog-post': blogPost,
  'pro-success': proSuccess,
  'pro-cancel': proCancel,
  'not-found': notFound,
};

function pageAt(pathname: string): Pick<LazyPage<never>, 'source' | 'preload'> {
  return PAGES[parseSitePath(pathname).page] ?? documentPage;
}

/** Loads the code of the page at `pathname`: before the prerender, and before hydration. */
export async function preloadSitePage(pathname: string): Promise<void> {
  await pageAt(pathname).preload();
}

/** The module of the page at `pathname` (see LazyPage.source). */
export function sitePageSource(pathname: string): string {
  return pageAt(pathname).source;
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-[60vh] items-center justify-center" aria-busy="true">
      <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-300">
        <Spinner />
        {t('loaders.loading')}
      </p>
    </main>
  );
}

function RoutePage({ user, userLoading }: { user: User | undefined; userLoading: boolean }) {
  const route = useSiteRoute();
  switch (route.page) {
    case 'home':
      return <home.Page user={user} userLoading={userLoading} />;
    case 'faq':
      return <faq.Page />;
    case 'contact':
      return <contact.Page />;
    case 'blog':
      return <blogList.Page />;
    case 'blog-post':
      return <blogPost.Page key={route.slug} slug={route.slug!} />;
    case 'pro-success':
      return <proSuccess.Page />;
    case 'pro-cancel':
      return <proCancel.Page />;
    case 'not-found':
      return <notFound.Page />;
    default:
      return <documentPage.Page key={route.page} page={route.page} />;
  }
}

/** The page the route table picks for the address bar's path. */
export function SitePage(props: { user: User | undefined; userLoading: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <RoutePage {...props} />
    </Suspense>
  );
}
