import { formatCalendarDate } from '../../shared/i18n/format-calendar-date';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SiteLink } from '../../shared/routing/site-link';
import { sitePath } from '../../shared/routing/site-routes';
import { useSiteRoute } from '../../shared/routing/use-site-route';
import { LINK_BUTTON, PRIMARY_BUTTON } from '../../shared/ui/button-classes';
import { openDialog } from '../account/dialog-store';
import { postQuery, useContent } from '../site/content-queries';
import { fillFacts, RichText } from '../site/rich-text';
import { SitePageFrame } from '../site/site-page-frame';
import { serializeForScript } from '../../shared/serialize-for-script';

/**
 * A blog post (its shape: `content-types.ts`): category, title, description, date,
 * read time, intro, sections with subsections, FAQ, conclusion and the Pro call to action;
 * 'Post not found' for a slug that is no post. Untranslated posts are shown in English.
 */
export function BlogPostPage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const { shownLanguage } = useSiteRoute();
  const post = useContent(postQuery(slug, shownLanguage));

  if (post.data === null) {
    return (
      <SitePageFrame
        title={t('blog.notFoundTitle')}
        heading={t('blog.notFoundTitle')}
        intro={t('blog.notFound')}
      >
        <SiteLink to={sitePath('blog', shownLanguage)} className={LINK_BUTTON}>
          {t('blog.backToBlog')}
        </SiteLink>
      </SitePageFrame>
    );
  }
  const loaded = post.data;
  const text = loaded?.text;
  const fill = (value: string) => fillFacts(value, i18n.language);

  return (
    <SitePageFrame
      title={text && fill(text.title)}
      description={text && fill(text.description)}
      keywords={text?.keywords.join(', ')}
      heading={text && fill(text.title)}
      loading={post.isPending}
      intro={
        loaded && (
          <>
            <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
              {t(`blog.categories.${loaded.category}`)}
            </p>
            <p className="mt-2">{fill(loaded.text.description)}</p>
            <p className="mt-2 text-sm">
              <time dateTime={loaded.publishedDate}>
                {formatCalendarDate(loaded.publishedDate, t)}
              </time>
              {' · '}
              {t('blog.readTime', { count: loaded.readMinutes })}
            </p>
          </>
        )
      }
    >
      {text && loaded && (
        <article lang={loaded.language} className="space-y-8">
          <RichText text={text.content.intro} />
          {text.content.sections.map((section) => (
            <section key={section.title} className="space-y-3">
              <h2 className="text-2xl font-semibold">{fill(section.title)}</h2>
              <RichText text={section.content} />
              {section.subsections.map((sub) => (
                <section key={sub.title} className="space-y-2">
                  <h3 className="text-lg font-semibold">{fill(sub.title)}</h3>
                  <RichText text={sub.content} />
                </section>
              ))}
            </section>
          ))}
          {text.content.faq.length > 0 && (
            <section className="space-y-3">
              <h2 className="text-2xl font-semibold">{t('blog.faq')}</h2>
              <dl className="space-y-3">
                {text.content.faq.map((item) => (
                  <div key={item.question}>
                    <dt className="font-semibold">{fill(item.question)}</dt>
                    <dd className="text-slate-700 dark:text-slate-200">{fill(item.answer)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          <section className="space-y-3">
            <h2 className="text-2xl font-semibold">{t('blog.conclusion')}</h2>
            <RichText text={text.content.conclusion} />
          </section>
          <aside className="rounded-2xl bg-indigo-50 p-6 text-center dark:bg-indigo-950">
            <p className="font-semibold">{t('blog.proTitle')}</p>
            <p className="mt-1">{t('blog.proText')}</p>
            <button
              type="button"
              className={`mt-3 ${PRIMARY_BUTTON}`}
              onClick={() => openDialog('upgrade')}
            >
              {t('header.upgrade')}
            </button>
          </aside>
          <nav className="flex flex-wrap gap-4">
            <SiteLink to={sitePath('blog', shownLanguage)} className={LINK_BUTTON}>
              {t('blog.backToBlog')}
            </SiteLink>
            <SiteLink to={sitePath('home', shownLanguage)} className={LINK_BUTTON}>
              {t('blog.backHome')}
            </SiteLink>
          </nav>
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{
              __html: serializeForScript({
                '@context': 'https://schema.org',
                '@type': 'Article',
                headline: fill(text.title),
                description: fill(text.description),
                datePublished: loaded.publishedDate,
                inLanguage: loaded.language,
                wordCount: loaded.wordCount,
                keywords: text.keywords.join(', '),
                author: { '@type': 'Organization', name: 'TempMail' },
              }),
            }}
          />
        </article>
      )}
    </SitePageFrame>
  );
}
