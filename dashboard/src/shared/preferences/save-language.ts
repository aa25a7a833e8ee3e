import i18next from 'i18next';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_STORAGE_KEY,
  VISIT_LANGUAGE_KEY,
  type Language,
} from './choose-language';
import { removeStorage, writeStorage } from './read-storage';

/** Keeps a language choice in local storage and the `tm_lang` cookie for a year. */
export function storeLanguageChoice(language: Language): void {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  // A choice says more than the language this visit happened to read.
  removeStorage(VISIT_LANGUAGE_KEY, 'session');
  document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
}

/** The switcher's choice: kept, and applied at once. */
export async function saveLanguage(language: Language): Promise<void> {
  storeLanguageChoice(language);
  await i18next.changeLanguage(language);
}
