import i18next, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { fetchJsonFiles } from '../fetch-json-files';
import { applyDocumentLanguage } from '../preferences/apply-document-language';
import {
  languageFromPath,
  supportedLanguage,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../preferences/choose-language';

// `translation`: the app; `marketing`: the home page's sections (their own files, since the
// public pages share them); `prompt`: the language prompt's four texts, read in a language
// other than the page's. The browser fetches one language's files (fetchJsonFiles).
type Files = Record<string, () => Promise<ResourceKey>>;
const files: Files = import.meta.env.SSR
  ? import.meta.glob<ResourceKey>(['./locales/*.json', './locales/*/*.json'], {
      import: 'default',
    })
  : fetchJsonFiles(
      import.meta.glob<string>(['./locales/*.json', './locales/*/*.json'], {
        query: '?url',
        import: 'default',
        eager: true,
      }),
    );

function readTexts(language: string, namespace: string): Promise<ResourceKey> {
  const folder = namespace === 'translation' ? './locales' : `./locales/${namespace}`;
  const load = files[`${folder}/${language}.json`];
  return load ? load() : Promise.reject(new Error(`No ${namespace} texts in ${language}`));
}

/** Reads a language's namespace, when i18next first needs it. */
const readLocaleFile: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    readTexts(language, namespace).then(
      (texts) => done(null, texts),
      (error: unknown) => done(error as Error, false),
    );
  },
};

/** The i18next options of both the browser and the prerender, starting in `language`. */
export function i18nOptions(language: Language): InitOptions {
  return {
    ns: ['translation', 'marketing'],
    lng: language,
    // No fallback language: every key exists in all four (the locale-files test), and a
    // fallback would make a French page download the English texts too.
    fallbackLng: false,
    supportedLngs: SUPPORTED_LANGUAGES,
    // React escapes every string it renders.
    interpolation: { escapeValue: false },
  };
}

/** Starts i18next with its texts read from the locale chunks. */
export async function startI18n(language: Language): Promise<void> {
  await i18next.use(readLocaleFile).init(i18nOptions(language));
}

/** Loads one namespace of a language that is not the page's (the prompt's texts). */
export async function loadNamespaceOf(language: Language, namespace: string): Promise<void> {
  if (i18next.hasResourceBundle(language, namespace)) return;
  i18next.addResourceBundle(language, namespace, await readTexts(language, namespace));
}

/** Loads a language's texts, so a page can switch to it without showing the old one meanwhile. */
export async function loadLanguage(language: Language): Promise<void> {
  await i18next.loadLanguages(language);
}

/**
 * Starts i18n in the language the page was written in: the path's prefix, else the page's
 * `lang` (English on a prerendered page without a prefix; the language the server read off
 * the request on a payment page, which it sends as the bare app). The stored choice, the
 * country and the browser language are applied after that by useLanguageRouting: the
 * default first, then detection.
 */
export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', applyDocumentLanguage);
  await startI18n(
    languageFromPath(window.location.pathname) ??
      supportedLanguage(document.documentElement.lang) ??
      'en',
  );
}
