import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { initI18n } from './shared/i18n/init-i18n';
import { applyTheme, followSystemTheme, storedThemeChoice } from './shared/preferences/apply-theme';
import './shared/styles.css';

// Before the first render, so a dark page never flashes light.
applyTheme(storedThemeChoice());
followSystemTheme();

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
