import { useRef, useState } from 'react';
import { useTranslation } from '../shared/i18n/use-translation';
import {
  SUPPORTED_LANGUAGES,
  supportedLanguage,
  type Language,
} from '../shared/preferences/choose-language';
import { useSwitchLanguage } from './routing/use-switch-language';
import { useHydrated } from '../shared/use-hydrated';

/** Each language named in itself, so a reader who cannot read the current one finds theirs. */
export const LANGUAGE_NAMES = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
} as const;

/** Keys that change a closed select's value in place (arrows, and typing a name's letters). */
const browsingKey = (key: string) =>
  (key.length === 1 && key !== ' ') ||
  ['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(key);

/**
 * The language menu. A choice made with the pointer, or in the opened list, moves the page
 * to that language at once. One reached by the arrow keys on the closed menu waits for Enter
 * or for focus to leave: otherwise every key press loaded another page while the reader was
 * still looking through the names (WCAG 3.2.2).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const hydrated = useHydrated();
  const [browsed, setBrowsed] = useState<Language | null>(null);
  const byKey = useRef(false);
  const apply = (language: Language) => {
    setBrowsed(null);
    switchLanguage(language);
  };
  return (
    <select
      // Until the app runs, a choice would change the box and nothing else.
      disabled={!hydrated}
      aria-label={t('header.language')}
      value={browsed ?? supportedLanguage(i18n.resolvedLanguage) ?? 'en'}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && browsed) {
          event.preventDefault();
          apply(browsed);
        } else byKey.current = browsingKey(event.key);
      }}
      onChange={(event) => {
        const language = supportedLanguage(event.target.value);
        if (!language) return;
        if (byKey.current) setBrowsed(language);
        else apply(language);
        byKey.current = false;
      }}
      onBlur={() => {
        if (browsed) apply(browsed);
      }}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-focus dark:border-slate-600 dark:bg-slate-900"
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
