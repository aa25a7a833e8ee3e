import { useState } from 'react';
import { formatCalendarDate } from '../../shared/i18n/format-calendar-date';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SiteLink } from '../../shared/routing/site-link';
import { BLOG_CATEGORIES, type BlogCategory } from '../../content/content-types';
import { sitePath } from '../../shared/routing/site-routes';
import { useSiteRoute } from '../../shared/routing/use-site-route';
import { LINK_BUTTON, PRIMARY_BUTTON } from '../../shared/ui/button-classes';
import { FilterChips } from '../../shared/ui/filter-chips';
import { allPostsQuery, useContent } from '../site/content-queries';
import { fillFacts } from '../site/rich-text';
import { SitePageFrame } from '../site/site-page-frame';

/** The first three posts are featured. */
const FEATURED = 3;

/**
 * The blog: back to home, the three featured posts, all posts by category
 * with their read time, and calls to action.
 */
export function BlogListPage() {
  const { t, i18n } = useTranslation();
  const { shownLanguage } = useSiteRoute();
  const posts = useContent(allPostsQuery(shownLanguage));
  const [category, setCategory] = useState<BlogCategory | 'all'>('all');
  const present = new Set(posts.data?.map((post) => post.category));
  const categories = BLOG_CATEGORIES.filter((each) => present.has(each));

  const card = (post: NonNullable<typeof posts.data>[number], featured: boolean) => (
    <li
      key={post.slug}
      className={`rounded-2xl border bg-white p-5 dark:bg-slate-900 ${featured ? 'border-indigo-300 dark:border-indigo-700' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        {t(`blog.categories.${post.category}`)}
      </p>
      <h3 className="mt-1 text-lg font-semibold">
        <SiteLink
          to={sitePath('blog-post', shownLanguage, post.slug)}
          className="hover:underline focus-visible:outline-2 focus-visible:outline-focus"
        >
          {fillFacts(post.title, i18n.language)}
        </SiteLink>
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {fillFacts(post.description, i18n.language)}
      </p>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={post.publishedDate}>{formatCalendarDate(post.publishedDate, t)}</time>
        {' · '}
        {t('blog.readTime', { count: post.readMinutes })}
      </p>
    </li>
  );

  const shown = (posts.data ?? []).filter(
    (post, index) => index >= FEATURED && (category === 'all' || post.category === category),
  );

  return (
    <SitePageFrame
      title={t('blog.title')}
      description={t('blog.description')}
      heading={t('blog.heading')}
      intro={t('blog.intro')}
      loading={posts.isPending}
    >
      <SiteLink to={sitePath('home', shownLanguage)} className={LINK_BUTTON}>
        {t('blog.backHome')}
      </SiteLink>
      <section aria-labelledby="featured-posts" className="mt-6">
        <h2 id="featured-posts" className="mb-3 text-2xl font-semibold">
          {t('blog.featured')}
        </h2>
        <ul className="grid gap-4">
          {(posts.data ?? []).slice(0, FEATURED).map((post) => card(post, true))}
        </ul>
      </section>
      <section aria-labelledby="all-posts" className="mt-10">
        <h2 id="all-posts" className="mb-3 text-2xl font-semibold">
          {t('blog.browse')}
        </h2>
        <FilterChips
          label={t('blog.categoriesLabel')}
          values={['all', ...categories] as const}
          chosen={category}
          labelOf={(value) => t(`blog.categories.${value}`)}
          onChoose={setCategory}
          className="mb-4"
        />
        <ul className="grid gap-4 sm:grid-cols-2">{shown.map((post) => card(post, false))}</ul>
      </section>
      <aside className="mt-10 rounded-2xl bg-indigo-50 p-6 text-center dark:bg-indigo-950">
        <p className="font-medium">{t('blog.cta')}</p>
        <SiteLink to={sitePath('home', shownLanguage)} className={`mt-3 ${PRIMARY_BUTTON}`}>
          {t('blog.ctaButton')}
        </SiteLink>
      </aside>
    </SitePageFrame>
  );
}
