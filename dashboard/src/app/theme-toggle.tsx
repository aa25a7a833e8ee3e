import { useEffect, useState } from 'react';
import { useTranslation } from '../shared/i18n/use-translation';
import { saveTheme, storedThemeChoice } from '../shared/preferences/apply-theme';
import {
  THEME_CHOICES,
  parseThemeChoice,
  type ThemeChoice,
} from '../shared/preferences/resolve-theme';
import { useHydrated } from '../shared/use-hydrated';

export function ThemeToggle() {
  const { t } = useTranslation();
  // The prerendered page says "system"; the stored choice is read once the page is live.
  const [choice, setChoice] = useState<ThemeChoice>('system');
  useEffect(() => setChoice(storedThemeChoice()), []);
  const hydrated = useHydrated();
  return (
    <select
      // Until the app runs, a choice would change the box and nothing else.
      disabled={!hydrated}
      aria-label={t('header.theme')}
      value={choice}
      onChange={(event) => {
        const next = parseThemeChoice(event.target.value);
        setChoice(next);
        saveTheme(next);
      }}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-focus dark:border-slate-600 dark:bg-slate-900"
    >
      {THEME_CHOICES.map((option) => (
        <option key={option} value={option}>
          {t(`header.themes.${option}`)}
        </option>
      ))}
    </select>
  );
}
