import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { PRERENDER_STATE_ID, PRERENDERED_PATH_META } from './app/prerender-markers';
import { preloadSitePage } from './app/routing/site-page';
import { hydrateContent } from './features/site/content-queries';
import { initI18n } from './shared/i18n/init-i18n';
import { followSystemTheme } from './shared/preferences/apply-theme';
import './shared/styles.css';

// The stored theme is on the page already (index.html's script); this follows the OS's.
followSystemTheme();

// The texts and the page's code load side by side; hydration then finds both ready.
await Promise.all([initI18n(), preloadSitePage(window.location.pathname)]);

const root = document.getElementById('root')!;
// The prerendered page names the path it was written for; the server also sends it for paths
// it has no page for (the 404 page), which are rendered afresh instead of hydrated.
const prerenderedPath = document.querySelector<HTMLMetaElement>(
  `meta[name="${PRERENDERED_PATH_META}"]`,
)?.content;
const prerendered =
  prerenderedPath === window.location.pathname.replace(/\/$/, '') ||
  prerenderedPath === window.location.pathname;

if (prerendered) {
  const state = document.getElementById(PRERENDER_STATE_ID)?.textContent;
  if (state) hydrateContent(JSON.parse(state) as Record<string, unknown>);
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: a tap or a key press meanwhile is answered.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <AppRoot startOverlay={false} />
      </StrictMode>,
    );
  });
} else {
  // The 404 page's HTML (sent for any path without a page) stays on screen until the app's
  // first render replaces it in one go: emptied first, the page would flash blank, then
  // show the start overlay meant for the bare app's empty root.
  const empty = !root.hasChildNodes();
  createRoot(root).render(
    <StrictMode>
      <AppRoot startOverlay={empty} />
    </StrictMode>,
  );
}
