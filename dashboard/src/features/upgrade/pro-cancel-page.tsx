import { useTranslation } from '../../shared/i18n/use-translation';
import type { Language } from '../../shared/preferences/choose-language';
import { SiteLink } from '../../shared/routing/site-link';
import { sitePath } from '../../shared/routing/site-routes';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { SITE_NAME } from '../site/site-page-frame';
import { usePageMeta } from '../site/use-page-meta';

/** `/pro/cancel`: nothing was charged; try again or go home. */
export function ProCancelPage() {
  const { t, i18n } = useTranslation();
  usePageMeta({ title: `${t('proCancel.title')} | ${SITE_NAME}`, language: i18n.language });
  // Back to the home page in the language shown: an unprefixed one would be English.
  const home = sitePath('home', i18n.language as Language);
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">{t('proCancel.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('proCancel.message')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <SiteLink to={`${home}?upgrade=true`} className={PRIMARY_BUTTON}>
            {t('errors.tryAgain')}
          </SiteLink>
          <SiteLink to={home} className={SECONDARY_BUTTON}>
            {t('proCancel.home')}
          </SiteLink>
        </div>
      </div>
    </main>
  );
}
