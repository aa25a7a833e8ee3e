import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

export const SUPPORTED_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;

/**
 * The browser's first supported language, else English. The spec's full order (stored
 * choice, country, /{lang} prefix) arrives with the language switcher.
 */
function browserLanguage(): string {
  for (const tag of navigator.languages) {
    const base = tag.toLowerCase().split('-')[0];
    const match = SUPPORTED_LANGUAGES.find((language) => language === base);
    if (match) return match;
  }
  return 'en';
}

export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init({
    resources: {
      en: { translation: en },
      fr: { translation: fr },
      es: { translation: es },
      de: { translation: de },
    },
    lng: browserLanguage(),
    fallbackLng: 'en',
    supportedLngs: SUPPORTED_LANGUAGES,
    // React escapes every string it renders.
    interpolation: { escapeValue: false },
  });
}
