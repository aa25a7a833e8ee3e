import { useTranslation } from '../shared/i18n/use-translation';
import { SUPPORTED_LANGUAGES, supportedLanguage } from '../shared/preferences/choose-language';
import { useSwitchLanguage } from './routing/use-switch-language';
import { useHydrated } from '../shared/use-hydrated';

/** Each language named in itself, so a reader who cannot read the current one finds theirs. */
export const LANGUAGE_NAMES = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
} as const;

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const hydrated = useHydrated();
  return (
    <select
      // Until the app runs, a choice would change the box and nothing else.
      disabled={!hydrated}
      aria-label={t('header.language')}
      value={supportedLanguage(i18n.resolvedLanguage) ?? 'en'}
      onChange={(event) => {
        const language = supportedLanguage(event.target.value);
        if (language) switchLanguage(language);
      }}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-900"
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
