export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** A stored value, or the spec's default `system` when it is missing or unknown. */
export function parseThemeChoice(stored: string | null): ThemeChoice {
  return THEME_CHOICES.find((choice) => choice === stored) ?? 'system';
}

/** What the page shows: `system` follows the OS's `prefers-color-scheme`. */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}
