import { memo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { StrokeIcon } from '../../shared/stroke-icon';
import { ComparisonTable } from './comparison-table';
import { DEFERRED_RENDERING } from './deferred-rendering';
import { FaqAccordion } from './faq-accordion';
import { marketingValues } from './marketing-values';

const PRO_FEATURES = [
  'customAlias',
  'forwarding',
  'retention',
  'persistentAddress',
  'aggregatedInbox',
  'api',
  'noAds',
  'prioritySupport',
] as const;

const ADVANTAGES = [
  { key: 'noSignup', icon: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
  { key: 'instant', icon: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z' },
  { key: 'privacy', icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z' },
  { key: 'spam', icon: 'M4 4h16v16H4zM4 4l16 16' },
  { key: 'free', icon: 'M20 12l-8 8-9-9V3h8l9 9zM7.5 7.5h.01' },
] as const;

const STEPS = ['copy', 'use', 'read'] as const;

const FEATURE_TILES = [
  { key: 'liveInbox', icon: 'M3 12h4l3-8 4 16 3-8h4' },
  {
    key: 'safeViewing',
    icon: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  },
  {
    key: 'attachments',
    icon: 'M21 11l-9 9a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8-8',
  },
  { key: 'searchFilter', icon: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5' },
] as const;

const CARD =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900';
const UPGRADE_BUTTON =
  'rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
const CHECK = 'M5 12l5 5L20 7';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`space-y-5 ${DEFERRED_RENDERING}`}>
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function IconBadge({ path }: { path: string }) {
  return (
    <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
      <StrokeIcon path={path} />
    </span>
  );
}

function ProFeatures({ onUpgrade }: { onUpgrade: () => void }) {
  const { t, i18n } = useTranslation('marketing');
  const values = marketingValues(i18n.language);
  return (
    <section
      aria-labelledby="pro-features-heading"
      className={`rounded-2xl bg-indigo-600 p-6 text-white shadow-sm sm:p-8 dark:bg-indigo-900 ${DEFERRED_RENDERING}`}
    >
      <h2 id="pro-features-heading" className="text-2xl font-bold tracking-tight">
        {t('pro.heading')}
      </h2>
      <p className="mt-2 text-indigo-100">{t('pro.intro', values)}</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {PRO_FEATURES.map((key) => (
          <li key={key} className="flex items-start gap-2">
            <span className="mt-0.5 shrink-0">
              <StrokeIcon path={CHECK} />
            </span>
            {t(`pro.features.${key}`, values)}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <button
          type="button"
          onClick={onUpgrade}
          className="rounded-lg bg-white px-5 py-2.5 font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t('pro.cta')}
        </button>
        <p className="text-sm text-indigo-100">{t('pro.prices', values)}</p>
      </div>
    </section>
  );
}

/**
 * The trust block: how we treat mail and data, with the privacy policy. No figures: a
 * fresh install has none to show, and invented ones would not be true.
 */
function TrustBlock() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="trust-heading" title={t('trust.heading')}>
      <p className="text-slate-600 dark:text-slate-300">
        {t('trust.privacyNote')}{' '}
        <a
          href="/privacy"
          className="rounded font-medium text-indigo-700 underline hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:text-indigo-300"
        >
          {t('trust.privacyLink')}
        </a>
      </p>
    </Section>
  );
}

/**
 * The home page's marketing sections below the inbox, in display order, for free visitors
 * (Pro users see their tools there instead).
 */
/**
 * The home page's marketing sections, below its inbox. Memoized: they change only with the
 * language, and re-rendering them with every change of the inbox above (the user read, the
 * address made, a message arrived) was a long task on a slow phone (Lighthouse's total
 * blocking time).
 */
export const HomeSections = memo(function HomeSections({ onUpgrade }: { onUpgrade: () => void }) {
  const { t, i18n } = useTranslation('marketing');
  const values = marketingValues(i18n.language);
  return (
    <div className="space-y-14">
      <ProFeatures onUpgrade={onUpgrade} />

      <Section id="why-heading" title={t('why.heading')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ADVANTAGES.map((advantage) => (
            <li key={advantage.key} className={`${CARD} space-y-3`}>
              <IconBadge path={advantage.icon} />
              <h3 className="font-semibold">{t(`why.items.${advantage.key}.title`)}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t(`why.items.${advantage.key}.text`, values)}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-heading" title={t('how.heading')}>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className={`${CARD} space-y-2`}>
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-indigo-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="font-semibold">{t(`how.steps.${step}.title`)}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t(`how.steps.${step}.text`, values)}
              </p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="features-heading" title={t('tiles.heading')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURE_TILES.map((tile) => (
            <li key={tile.key} className={`${CARD} space-y-3`}>
              <IconBadge path={tile.icon} />
              <h3 className="font-semibold">{t(`tiles.items.${tile.key}.title`)}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t(`tiles.items.${tile.key}.text`, values)}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <TrustBlock />

      <FaqAccordion />

      <Section id="comparison-heading" title={t('comparison.heading')}>
        <ComparisonTable />
        <button type="button" onClick={onUpgrade} className={UPGRADE_BUTTON}>
          {t('comparison.cta')}
        </button>
      </Section>
    </div>
  );
});
