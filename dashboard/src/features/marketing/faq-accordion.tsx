import { useId, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { StrokeIcon } from '../../shared/stroke-icon';
import { DEFERRED_RENDERING } from './deferred-rendering';
import { FAQ_ITEMS, faqJsonLd, translateFaqItem } from './faq-items';
import { serializeForScript } from '../../shared/serialize-for-script';

/**
 * The FAQ: one answer open at a time, and pressing the open question again
 * closes it. Each question is a heading holding a button, the WAI-ARIA accordion pattern.
 */
export function FaqAccordion() {
  const { t, i18n } = useTranslation('marketing');
  const [openId, setOpenId] = useState<string | null>(null);
  const prefix = useId();

  return (
    <section aria-labelledby={`${prefix}-heading`} className={`space-y-4 ${DEFERRED_RENDERING}`}>
      <h2 id={`${prefix}-heading`} className="text-2xl font-bold tracking-tight">
        {t('faq.heading')}
      </h2>
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
        {FAQ_ITEMS.map((item) => {
          const { question, answer } = translateFaqItem(t, i18n.language, item);
          const open = openId === item.id;
          const buttonId = `${prefix}-${item.id}-button`;
          const panelId = `${prefix}-${item.id}-panel`;
          return (
            <div key={item.id} data-category={item.category}>
              <h3>
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenId(open ? null : item.id)}
                  className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus dark:hover:bg-slate-800"
                >
                  {question}
                  <span className={`shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}>
                    <StrokeIcon path="M6 9l6 6 6-6" />
                  </span>
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!open}
                className="px-4 pb-4 text-slate-600 dark:text-slate-300"
              >
                {answer}
              </div>
            </div>
          );
        })}
      </div>
      <script
        type="application/ld+json"
        // React would escape the JSON as text; the serializer makes it safe in a script instead.
        dangerouslySetInnerHTML={{ __html: serializeForScript(faqJsonLd(t, i18n.language)) }}
      />
    </section>
  );
}
