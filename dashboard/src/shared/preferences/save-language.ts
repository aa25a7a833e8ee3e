import i18next from 'i18next';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from './choose-language';
import { writeStorage } from './read-storage';

/** The switcher's choice: applied at once and kept in local storage and the cookie for a year. */
export async function saveLanguage(language: Language): Promise<void> {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
  await i18next.changeLanguage(language);
}
