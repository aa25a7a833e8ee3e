import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLocation } from 'react-router';
import { SiteLink } from '../../shared/routing/site-link';
import { sitePath } from '../../shared/routing/site-routes';
import { useSiteRoute } from '../../shared/routing/use-site-route';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_INPUT } from '../../shared/ui/button-classes';
import { StrokeIcon } from '../../shared/stroke-icon';
import {
  FAQ_ITEMS,
  FAQ_TOPICS,
  faqJsonLd,
  translateFaqItem,
  type FaqTopic,
} from '../marketing/faq-items';
import { FilterChips } from '../../shared/ui/filter-chips';
import { SitePageFrame } from '../site/site-page-frame';
import { filterFaq } from './filter-faq';
import { serializeForScript } from '../../shared/serialize-for-script';
import { useTypedBeforeHydration } from '../../shared/use-typed-before-hydration';

/**
 * The FAQ page: the home accordion's 35 questions, searchable over question and answer,
 * filtered by topic, with a no-results state and the support and try-now actions. Each
 * answer opens under its question (a native disclosure: it works before the script has
 * loaded, and the prerendered page carries every answer). A search opens the answers it
 * found; a link to `/faq#question-id` opens that one.
 */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const marketing = useTranslation('marketing');
  const { shownLanguage } = useSiteRoute();
  const [search, setSearch] = useState('');
  const [topic, setTopic] = useState<FaqTopic | 'all'>('all');
  const searchId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const linked = useLocation().hash.slice(1);

  const entries = useMemo(
    () =>
      FAQ_ITEMS.map((item) => ({
        ...item,
        ...translateFaqItem(marketing.t, i18n.language, item),
      })),
    [marketing.t, i18n.language],
  );
  const shown = filterFaq(entries, topic, search, i18n.language);
  const searching = search.trim() !== '';
  // After hydration, so the prerendered markup (all closed) and the first render agree.
  useEffect(() => {
    const target = linked ? document.getElementById(linked) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, [linked]);
  useTypedBeforeHydration(searchBox, setSearch);

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
        ref={searchBox}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('faqPage.searchPlaceholder')}
        className={TEXT_INPUT}
      />
      <FilterChips
        label={t('faqPage.categoriesLabel')}
        values={['all', ...FAQ_TOPICS] as const}
        chosen={topic}
        labelOf={(value) => t(`faqPage.categories.${value}`)}
        onChoose={setTopic}
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
              setTopic('all');
            }}
          >
            {t('faqPage.clear')}
          </button>
        </div>
      ) : (
        <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
          {shown.map((entry) => (
            <details key={entry.id} id={entry.id} open={searching} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
                <h2>{entry.question}</h2>
                <span className="shrink-0 transition-transform group-open:rotate-180">
                  <StrokeIcon path="M6 9l6 6 6-6" />
                </span>
              </summary>
              <p className="px-4 pb-4 text-slate-700 dark:text-slate-200">{entry.answer}</p>
            </details>
          ))}
        </div>
      )}
      <aside className="mt-10 flex flex-wrap items-center justify-center gap-3 rounded-2xl bg-indigo-50 p-6 dark:bg-indigo-950">
        <p className="w-full text-center font-medium">{t('faqPage.stillQuestions')}</p>
        <SiteLink to={sitePath('contact', shownLanguage)} className={SECONDARY_BUTTON}>
          {t('faqPage.support')}
        </SiteLink>
        <SiteLink to={sitePath('home', shownLanguage)} className={PRIMARY_BUTTON}>
          {t('faqPage.tryNow')}
        </SiteLink>
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
