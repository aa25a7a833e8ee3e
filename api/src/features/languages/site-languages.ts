/** The languages of the site, the dashboard's list (`choose-language.ts`): English first. */
export const SITE_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** `fr-CA`, `FR` and `fr` all mean French; anything not one of ours is null. */
export function siteLanguageOf(tag: string | null | undefined): SiteLanguage | null {
  const base = tag?.trim().toLowerCase().split('-')[0];
  return SITE_LANGUAGES.find((language) => language === base) ?? null;
}

/**
 * The path prefix of a language on the site: none for English, `/fr` for French. Links we
 * mail carry it, so that the page and the app open in the language the mail was written in
 * even on a device that has never chosen one.
 */
export const languagePrefix = (language: SiteLanguage): string =>
  language === 'en' ? '' : `/${language}`;
