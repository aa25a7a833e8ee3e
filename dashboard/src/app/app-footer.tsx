import { useTranslation } from '../shared/i18n/use-translation';
import type { Language } from '../shared/preferences/choose-language';
import { sitePath, type LocalizedPage } from '../shared/routing/site-routes';
import { useSiteRoute } from '../shared/routing/use-site-route';
import affiliateLinks from '../config/affiliate-links.json';
import { LIVE_CHAT_URL } from '../shared/live-chat-url';
import { SitePreferences } from './app-header';
import { consentReopened } from '../features/consent/consent-store';

/** The footer's pages, each in the language the page is shown in. */
const FOOTER_LINKS = [
  { page: 'features', key: 'features' },
  { page: 'faq', key: 'faq' },
  { page: 'privacy', key: 'privacy' },
  { page: 'terms', key: 'terms' },
  { page: 'trust-safety', key: 'trustSafety' },
  { page: 'contact', key: 'contact' },
  { page: 'blog', key: 'blog' },
] as const satisfies readonly { page: LocalizedPage; key: string }[];

/**
 * Where a footer link goes: the page in `language` (unprefixed in English), except Contact,
 * which the footer keeps unprefixed in every language (it then opens in the visitor's).
 */
function footerHref(page: LocalizedPage, language: Language): string {
  return page === 'contact' ? '/contact' : sitePath(page, language);
}

const LINK =
  'rounded text-slate-600 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:text-slate-300 dark:hover:text-indigo-300';

/** Live chat, where a chat is configured; without one, the Contact link is the way to us. */
function LiveChatLink({ url }: { url: string }) {
  const { t } = useTranslation('marketing');
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      {t('footer.liveChat')}
      <span className="sr-only"> {t('footer.newTab')}</span>
    </a>
  );
}

/** Partner offers pay for the free tier; Pro has paid already, so it never sees them. */
function AffiliateLinks({ language }: { language: Language }) {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="affiliate-heading" className="space-y-3">
      <h2 id="affiliate-heading" className="text-sm font-semibold">
        {t('footer.affiliateHeading')}{' '}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          ({t('footer.sponsored')})
        </span>
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {affiliateLinks.map((link) => (
          <li key={link.url} className="text-sm">
            <a
              href={link.url}
              target="_blank"
              rel="sponsored noopener noreferrer"
              className={`${LINK} font-medium`}
            >
              {link.name}
              <span className="sr-only"> {t('footer.newTab')}</span>
            </a>
            <p className="text-slate-500 dark:text-slate-400">{link.description[language]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The site footer: language and theme on a phone, page links, live chat where one is
 * configured, partner links for free users.
 */
export function AppFooter({ isPro }: { isPro: boolean }) {
  const { t } = useTranslation('marketing');
  const { shownLanguage } = useSiteRoute();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      {/* Room at the end for the round Back to top button (bottom left), clear of the last line. */}
      <div className="mx-auto max-w-7xl space-y-8 px-4 pt-8 pb-20">
        <SitePreferences className="flex sm:hidden" />
        {!isPro && <AffiliateLinks language={shownLanguage} />}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={t('footer.navLabel')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {FOOTER_LINKS.map((link) => (
                <li key={link.page}>
                  <a href={footerHref(link.page, shownLanguage)} className={LINK}>
                    {t(`footer.links.${link.key}`)}
                  </a>
                </li>
              ))}
              <li>
                <button type="button" onClick={() => consentReopened.set(true)} className={LINK}>
                  {t('footer.cookieSettings')}
                </button>
              </li>
            </ul>
          </nav>
          {LIVE_CHAT_URL && <LiveChatLink url={LIVE_CHAT_URL} />}
        </div>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
