import { formatCalendarDate } from '../../shared/i18n/format-calendar-date';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SiteLink } from '../../shared/routing/site-link';
import type { DocumentPageText } from '../../content/content-types';
import { useSiteRoute } from '../../shared/routing/use-site-route';
import { sitePath } from '../../shared/routing/site-routes';
import { LINK_BUTTON, PRIMARY_BUTTON } from '../../shared/ui/button-classes';
import { usePageText } from './content-queries';
import { fillFacts, RichText } from './rich-text';
import { SitePageFrame } from './site-page-frame';

/** When each policy last changed: the date it shows, for a reader to know what they agreed to. */
export const POLICY_UPDATED: Partial<Record<string, string>> = {
  terms: '2025-01-14',
  privacy: '2026-11-22',
};

/**
 * A page of sections (features, privacy, terms, trust and safety, the landing pages), with
 * a way back home. The policies show their date; the terms a way back to the top after each
 * section.
 */
export function DocumentPage({ page }: { page: string }) {
  const { t, i18n } = useTranslation();
  const { shownLanguage } = useSiteRoute();
  const content = usePageText<DocumentPageText>(page, shownLanguage);
  const text = content.data;
  const terms = page === 'terms';
  const updated = POLICY_UPDATED[page];

  return (
    <SitePageFrame
      title={text && fillFacts(text.title, i18n.language)}
      description={text && fillFacts(text.description, i18n.language)}
      heading={text && fillFacts(text.heading, i18n.language)}
      intro={text && <RichText text={text.intro} />}
      loading={content.isPending}
      back={
        <SiteLink to={sitePath('home', shownLanguage)} className={`text-sm ${LINK_BUTTON}`}>
          <span aria-hidden="true">← </span>
          {t('blog.backHome')}
        </SiteLink>
      }
    >
      {text && (
        <>
          {updated && (
            <p className="mb-6 text-sm text-slate-600 dark:text-slate-300">
              {t('site.lastUpdated', {
                date: formatCalendarDate(updated, t),
              })}
            </p>
          )}
          {text.sections.length > 3 && (
            <nav aria-label={t('site.contents')} className="mb-8">
              <ol className="list-decimal space-y-1 pl-6">
                {text.sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className={LINK_BUTTON}>
                      {fillFacts(section.title, i18n.language)}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <div className="space-y-8">
            {text.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`} className="mb-3 text-xl font-semibold">
                  {fillFacts(section.title, i18n.language)}
                </h2>
                <RichText text={section.content} className="text-slate-700 dark:text-slate-200" />
                {terms && (
                  <a href="#top" className={`mt-3 inline-block text-sm ${LINK_BUTTON}`}>
                    {t('site.backToTop')}
                  </a>
                )}
              </section>
            ))}
          </div>
          {text.cta && (
            <aside className="mt-10 rounded-2xl bg-indigo-50 p-6 text-center dark:bg-indigo-950">
              <h2 className="text-xl font-semibold">{fillFacts(text.cta.title, i18n.language)}</h2>
              <p className="mt-2">{fillFacts(text.cta.text, i18n.language)}</p>
              <SiteLink to={sitePath('home', shownLanguage)} className={`mt-4 ${PRIMARY_BUTTON}`}>
                {fillFacts(text.cta.button, i18n.language)}
              </SiteLink>
            </aside>
          )}
        </>
      )}
    </SitePageFrame>
  );
}
