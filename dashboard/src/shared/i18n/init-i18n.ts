import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  chooseLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  readCookie,
  SUPPORTED_LANGUAGES,
} from '../preferences/choose-language';
import { readStorage } from '../preferences/read-storage';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import marketingDe from './locales/marketing/de.json';
import marketingEn from './locales/marketing/en.json';
import marketingEs from './locales/marketing/es.json';
import marketingFr from './locales/marketing/fr.json';

export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init({
    // `translation`: the app; `marketing`: the home page's sections (their own files, since
    // the public pages share them).
    resources: {
      en: { translation: en, marketing: marketingEn },
      fr: { translation: fr, marketing: marketingFr },
      es: { translation: es, marketing: marketingEs },
      de: { translation: de, marketing: marketingDe },
    },
    lng: chooseLanguage({
      stored: readStorage(LANGUAGE_STORAGE_KEY),
      cookie: readCookie(document.cookie, LANGUAGE_COOKIE),
      browser: navigator.languages,
    }),
    fallbackLng: 'en',
    supportedLngs: SUPPORTED_LANGUAGES,
    // React escapes every string it renders.
    interpolation: { escapeValue: false },
  });
}
