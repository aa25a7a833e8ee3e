import i18next from 'i18next';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from './choose-language';
import { writeStorage } from './read-storage';

/** Keeps a language choice in local storage and the `tm_lang` cookie for a year. */
export function storeLanguageChoice(language: Language): void {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
}

/** The switcher's choice: kept, and applied at once. */
export async function saveLanguage(language: Language): Promise<void> {
  storeLanguageChoice(language);
  await i18next.changeLanguage(language);
}
