import { useTranslation } from '../shared/i18n/use-translation';
import { SiteLink } from '../shared/routing/site-link';
import { SitePageFrame } from '../features/site/site-page-frame';
import { LINK_BUTTON } from '../shared/ui/button-classes';
import { sitePath } from '../shared/routing/site-routes';
import { useSiteRoute } from '../shared/routing/use-site-route';

const LINKS = ['home', 'features', 'faq', 'privacy', 'contact'] as const;

/** The 404 page; the server answers it with HTTP 404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { shownLanguage } = useSiteRoute();
  return (
    <SitePageFrame
      title={t('notFound.documentTitle')}
      description={t('notFound.message')}
      heading={t('notFound.title')}
      intro={t('notFound.message')}
    >
      <nav aria-label={t('notFound.links')}>
        <ul className="flex flex-wrap gap-4">
          {LINKS.map((page) => (
            <li key={page}>
              <SiteLink
                to={page === 'contact' ? '/contact' : sitePath(page, shownLanguage)}
                className={LINK_BUTTON}
              >
                {t(`site.nav.${page}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </SitePageFrame>
  );
}
