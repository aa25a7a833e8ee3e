import {
  parseThemeChoice,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from './resolve-theme';
import { readStorage, writeStorage } from './read-storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedThemeChoice(): ThemeChoice {
  return parseThemeChoice(readStorage(THEME_STORAGE_KEY));
}

/**
 * Sets or clears the `dark` class on `<html>` that Tailwind's dark variant and the page's
 * `color-scheme` read. The page's first theme is set before its first paint, by the script
 * in `index.html`; this applies a change.
 */
export function applyTheme(choice: ThemeChoice): void {
  const theme = resolveTheme(choice, window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function saveTheme(choice: ThemeChoice): void {
  writeStorage(THEME_STORAGE_KEY, choice);
  applyTheme(choice);
}

/** Re-applies the stored theme whenever the OS switches while the choice is `system`. */
export function followSystemTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => applyTheme(storedThemeChoice());
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
