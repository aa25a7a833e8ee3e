import { useTranslation } from '../i18n/use-translation';
import { useLocation } from 'react-router';
import { supportedLanguage, type Language } from '../preferences/choose-language';
import { parseSitePath, type SiteRoute } from './site-routes';

/** The page the address bar names, and the language it is shown in. */
export function useSiteRoute(): SiteRoute & { shownLanguage: Language } {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const route = parseSitePath(pathname);
  return { ...route, shownLanguage: route.language ?? supportedLanguage(i18n.language) ?? 'en' };
}
