export const SUPPORTED_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'tm_lang';
export const LANGUAGE_COOKIE = 'tm_lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/**
 * The language of the last translated page this tab showed under a prefix (session storage):
 * this visit's language, for the unprefixed pages it goes on to (the footer's Contact, the
 * payment's return pages) when no choice is stored. It is no choice: the language prompt
 * still asks.
 */
export const VISIT_LANGUAGE_KEY = 'tm_lang_visit';
/** The language-choice flag: the reader picked a language themselves. */
export const LANGUAGE_CHOICE_FLAG = 'tm_lang_chosen';

/** `fr-CA` and `FR` both mean French; anything unsupported is null. */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split('-')[0];
  return SUPPORTED_LANGUAGES.find((language) => language === base) ?? null;
}

/**
 * The language order without the country lookup and the `/{lang}` prefix (issue 7): a
 * stored choice (local storage, then the `tm_lang` cookie), else the browser's first
 * supported language, else English.
 */
export function chooseLanguage(sources: {
  stored: string | null;
  cookie: string | null;
  browser: readonly string[];
}): Language {
  const stored = supportedLanguage(sources.stored) ?? supportedLanguage(sources.cookie);
  if (stored) return stored;
  for (const tag of sources.browser) {
    const match = supportedLanguage(tag);
    if (match) return match;
  }
  return 'en';
}

/** The value of one cookie in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The language a `/{lang}` prefix names (English has none), or null. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return first && first !== 'en' ? supportedLanguage(first) : null;
}
