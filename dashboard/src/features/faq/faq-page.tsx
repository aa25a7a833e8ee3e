import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sitePath } from '../../shared/routing/site-routes';
import { useSiteRoute } from '../../shared/routing/use-site-route';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_INPUT } from '../../shared/ui/button-classes';
import {
  FAQ_CATEGORIES,
  FAQ_ITEMS,
  faqJsonLd,
  translateFaqItem,
  type FaqCategory,
} from '../marketing/faq-items';
import { FilterChips } from '../../shared/ui/filter-chips';
import { SitePageFrame } from '../site/site-page-frame';
import { filterFaq } from './filter-faq';
import { serializeForScript } from '../../shared/serialize-for-script';

/**
 * The FAQ page: the home accordion's 35 questions, searchable over question
 * and answer, filtered by category, with a no-results state and the support and try-now
 * actions. Every answer is open here: the page is read, not skimmed.
 */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const marketing = useTranslation('marketing');
  const { shownLanguage } = useSiteRoute();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const searchId = useId();

  const entries = useMemo(
    () =>
      FAQ_ITEMS.map((item) => ({
        ...item,
        ...translateFaqItem(marketing.t, i18n.language, item),
      })),
    [marketing.t, i18n.language],
  );
  const shown = filterFaq(entries, category, search, i18n.language);

  return (
    <SitePageFrame
      title={t('faqPage.title')}
      description={t('faqPage.description')}
      heading={t('faqPage.heading')}
      intro={t('faqPage.intro')}
    >
      <label htmlFor={searchId} className="mb-1 block font-medium">
        {t('faqPage.searchLabel')}
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('faqPage.searchPlaceholder')}
        className={TEXT_INPUT}
      />
      <FilterChips
        label={t('faqPage.categoriesLabel')}
        values={['all', ...FAQ_CATEGORIES] as const}
        chosen={category}
        labelOf={(value) => t(`faqPage.categories.${value}`)}
        onChoose={setCategory}
        className="mt-4"
      />
      <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        {t('faqPage.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-slate-200 p-6 text-center dark:border-slate-700">
          <p className="font-medium">{t('faqPage.noResults')}</p>
          <button
            type="button"
            className={`mt-3 ${SECONDARY_BUTTON}`}
            onClick={() => {
              setSearch('');
              setCategory('all');
            }}
          >
            {t('faqPage.clear')}
          </button>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          {shown.map((entry) => (
            <section
              key={entry.id}
              id={entry.id}
              aria-labelledby={`${entry.id}-q`}
              className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
            >
              <h2 id={`${entry.id}-q`} className="font-semibold">
                {entry.question}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-200">{entry.answer}</p>
            </section>
          ))}
        </div>
      )}
      <aside className="mt-10 flex flex-wrap items-center justify-center gap-3 rounded-2xl bg-indigo-50 p-6 dark:bg-indigo-950">
        <p className="w-full text-center font-medium">{t('faqPage.stillQuestions')}</p>
        <Link to={sitePath('contact', shownLanguage)} className={SECONDARY_BUTTON}>
          {t('faqPage.support')}
        </Link>
        <Link to={sitePath('home', shownLanguage)} className={PRIMARY_BUTTON}>
          {t('faqPage.tryNow')}
        </Link>
      </aside>
      <script
        type="application/ld+json"
        // The serializer escapes `<`, so no answer can end the script element.
        dangerouslySetInnerHTML={{
          __html: serializeForScript(faqJsonLd(marketing.t, i18n.language)),
        }}
      />
    </SitePageFrame>
  );
}
