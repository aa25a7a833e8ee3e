import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { textDirection } from '../preferences/text-direction';
import {
  languageFromPath,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../preferences/choose-language';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import marketingDe from './locales/marketing/de.json';
import marketingEn from './locales/marketing/en.json';
import marketingEs from './locales/marketing/es.json';
import marketingFr from './locales/marketing/fr.json';

/** The i18next options of both the browser and the prerender, starting in `language`. */
export function i18nOptions(language: Language): InitOptions {
  return {
    // `translation`: the app; `marketing`: the home page's sections (their own files, since
    // the public pages share them).
    resources: {
      en: { translation: en, marketing: marketingEn },
      fr: { translation: fr, marketing: marketingFr },
      es: { translation: es, marketing: marketingEs },
      de: { translation: de, marketing: marketingDe },
    },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: SUPPORTED_LANGUAGES,
    // React escapes every string it renders.
    interpolation: { escapeValue: false },
  };
}

/**
 * Starts i18n in the language the path names (English without a prefix), as the prerendered
 * page was written; the stored choice, the country and the browser language are applied
 * after that by useLanguageRouting (spec section 4: default first, then detection).
 */
export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    document.documentElement.dir = textDirection(language);
  });
  await i18next
    .use(initReactI18next)
    .init(i18nOptions(languageFromPath(window.location.pathname) ?? 'en'));
}
