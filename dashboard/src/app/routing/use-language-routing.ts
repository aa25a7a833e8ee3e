import type { GeoCountry } from '@tempmail/sdk';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import {
  chooseLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  readCookie,
  supportedLanguage,
  VISIT_LANGUAGE_KEY,
  type Language,
} from '../../shared/preferences/choose-language';
import { readStorage, writeStorage } from '../../shared/preferences/read-storage';
import { storeLanguageChoice } from '../../shared/preferences/save-language';
import { isLocalized, parseSitePath, sitePath } from '../../shared/routing/site-routes';

/**
 * The visitor's country and its language (`GET /api/geo/country`), with a plain fetch: the
 * page shell runs this on a first visit, and a content page loads no SDK (issue 24).
 */
async function readGeoCountry(testCountry: string | undefined): Promise<GeoCountry> {
  const query = testCountry ? `?${new URLSearchParams({ test_country: testCountry })}` : '';
  const response = await fetch(`/api/geo/country${query}`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/geo/country answered ${response.status}`);
  return (await response.json()) as GeoCountry;
}

/** The language this browser chose (local storage, then the cookie), if any. */
const storedLanguage = (): Language | null =>
  supportedLanguage(readStorage(LANGUAGE_STORAGE_KEY)) ??
  supportedLanguage(readCookie(document.cookie, LANGUAGE_COOKIE));

/**
 * The language rules. A prefixed path sets the language. On an unprefixed path a stored
 * choice wins, then the language a link names (`?lang=`), then this visit's; without any (or
 * with `detect_location=true`) the visitor's country is asked of the server (`test_country`
 * simulates one), else the browser's language decides.
 * A translated page is then moved to its prefix when that language is not English; the
 * detected language is saved as the choice, as the switcher would.
 */
export function useLanguageRouting(): void {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const detected = useRef(false);
  const loaded = useRef(false);
  const route = parseSitePath(location.pathname);

  // The prefix decides, before the new page is painted. (The first render already has it:
  // i18n starts in the path's language, in the browser and in the prerender.)
  useLayoutEffect(() => {
    const inApp = loaded.current;
    loaded.current = true;
    if (route.language && route.language !== 'en')
      writeStorage(VISIT_LANGUAGE_KEY, route.language, 'session');
    // A link in the app to a translated page without its prefix (the footer's /contact, as
    // the spec has it) opens it in the language shown, unless English is the choice stored:
    // only a fresh load looks for the visitor's language (below).
    if (
      inApp &&
      route.language === 'en' &&
      isLocalized(route.page) &&
      i18n.language !== 'en' &&
      storedLanguage() !== 'en' &&
      (location.state as { chosenLanguage?: string } | null)?.chosenLanguage !== 'en'
    ) {
      const target = sitePath(route.page, i18n.language as Language, route.slug);
      void navigate(`${target}${location.search}${location.hash}`, { replace: true });
      return;
    }
    if (route.language && i18n.language !== route.language)
      void i18n.changeLanguage(route.language);
  }, [
    i18n,
    route.language,
    route.page,
    route.slug,
    navigate,
    location.search,
    location.hash,
    location.state,
  ]);

  useEffect(() => {
    if (detected.current) return;
    detected.current = true;
    const params = new URLSearchParams(location.search);
    const force = params.get('detect_location') === 'true';
    const prefixed = route.language !== null && route.language !== 'en';
    if (prefixed && !force) return;
    // Without a stored choice, the language a link names (`?lang=`, as the payment's return
    // pages and the server's mails write it), then the one this visit has been reading.
    const stored =
      storedLanguage() ??
      supportedLanguage(params.get('lang')) ??
      supportedLanguage(readStorage(VISIT_LANGUAGE_KEY, 'session'));

    const apply = async () => {
      let language = force ? null : stored;
      if (!language) {
        const testCountry = params.get('test_country') ?? undefined;
        const geo = await readGeoCountry(testCountry).catch((error: unknown) => {
          console.warn('Country lookup failed; the browser language decides', error);
          return null;
        });
        language =
          supportedLanguage(geo?.language) ??
          chooseLanguage({ stored: null, cookie: null, browser: navigator.languages });
        // A country's language other than English becomes the choice; English is the default.
        if (geo?.language && language !== 'en') storeLanguageChoice(language);
      }
      if (route.language === null || route.page === 'not-found') {
        // No version per language: the page changes language where it is.
        if (i18n.language !== language) await i18n.changeLanguage(language);
        return;
      }
      const target = sitePath(route.page, language, route.slug);
      if (target === location.pathname) return;
      // The new path's prefix sets the language as it renders.
      params.delete('detect_location');
      params.delete('test_country');
      params.delete('lang');
      const search = params.toString();
      void navigate(`${target}${search ? `?${search}` : ''}`, { replace: true });
    };
    void apply();
  }, [i18n, location.pathname, location.search, navigate, route.language, route.page, route.slug]);
}
