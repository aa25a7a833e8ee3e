import { useEffect, useState } from 'react';
import { lazyRetrying } from '../shared/loading/lazy-retrying';
import { useTranslation } from '../shared/i18n/use-translation';
import { BrowserRouter } from 'react-router';
import { openDialog, useOpenDialog } from '../features/account/dialog-store';
import { LoadBoundary } from '../shared/loading/load-boundary';
import { LoadFailed } from '../shared/loading/load-failed';
import { LINK_BUTTON } from '../shared/ui/button-classes';
import { isProUser } from '../features/account/pro-status';
import { ConsentBanner } from '../features/consent/consent-banner';
import { ToastViewport } from '../shared/toast/toast-viewport';
import { FullScreenLoader } from '../shared/ui/full-screen-loader';
import { AppErrorBoundary } from './app-error-boundary';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { LanguagePrompt } from './language-prompt';
import { SitePage } from './routing/site-page';
import { loadShellUser, shellUser, watchProEnd } from '../features/account/shell-user';
import { useLanguageRouting } from './routing/use-language-routing';

// The dialogs' code (forms, Radix) loads when one first opens: most visitors never open one.
const AppDialogs = lazyRetrying(() => import('./app-dialogs').then(({ AppDialogs }) => AppDialogs));

/**
 * Where a dialog would be when its code could not load (the server or the network down): a
 * notice over the page with Try again and Close, not the app's error screen over all of it.
 */
function DialogsFailedNotice({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-x-4 top-[calc(var(--fixed-top,0px)+1rem)] z-50 mx-auto flex max-w-md items-start gap-2 rounded-lg border border-red-300 bg-white p-3 shadow-lg dark:border-red-800 dark:bg-slate-900">
      <div className="flex-1">
        <LoadFailed retry={retry} />
      </div>
      <button type="button" className={LINK_BUTTON} onClick={() => openDialog(null)}>
        {t('dialog.close')}
      </button>
    </div>
  );
}

/** How long the start overlay shows. */
const START_OVERLAY_MS = 50;

function StartOverlay() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), START_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <FullScreenLoader text={t('loaders.loading')} /> : null;
}

/**
 * The page around every route: header, the route, the dialogs and the toasts. The start
 * overlay is for a page that starts empty; a prerendered one has its content already.
 */
export function AppShell({ startOverlay = false }: { startOverlay?: boolean }) {
  const user = shellUser.useInTransition();
  useEffect(loadShellUser, []);
  useEffect(() => watchProEnd(user.user), [user.user]);
  useLanguageRouting();
  const openDialogName = useOpenDialog();
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  // Set while rendering (not in an effect), so the dialog mounts in the same pass it opens.
  if (openDialogName && !dialogsLoaded) setDialogsLoaded(true);
  return (
    // A column, so the footer sits at the bottom of a short page rather than mid-screen.
    <div
      id="top"
      className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950 text-slate-900 dark:text-slate-100"
    >
      {startOverlay && <StartOverlay />}
      <LanguagePrompt />
      {/* Shown over the bottom of the page, yet first to Tab to (consent-banner.tsx). */}
      <ConsentBanner />
      <AppHeader user={user.user} />
      <div className="flex flex-1 flex-col">
        <AppErrorBoundary>
          <SitePage user={user.user} userLoading={user.pending} />
          {dialogsLoaded && (
            // Keyed by the dialog asked for: opening one again tries its code again.
            <LoadBoundary
              key={openDialogName ?? 'none'}
              fallback={(retry) => <DialogsFailedNotice retry={retry} />}
            >
              <AppDialogs user={user.user} />
            </LoadBoundary>
          )}
        </AppErrorBoundary>
      </div>
      {/* Affiliate links are for free users: none until the user is known. */}
      <AppFooter isPro={user.pending || isProUser(user.user)} />
      <ToastViewport />
    </div>
  );
}

export function AppRoot({ startOverlay }: { startOverlay: boolean }) {
  return (
    <BrowserRouter>
      <AppShell startOverlay={startOverlay} />
    </BrowserRouter>
  );
}
