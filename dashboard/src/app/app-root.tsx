import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { isProUser, useUser } from '../features/account/user-query';
import { ConsentBanner } from '../features/consent/consent-banner';
import { HomePage } from '../features/home/home-page';
import { ProCancelPage } from '../features/upgrade/pro-cancel-page';
import { ProSuccessPage } from '../features/upgrade/pro-success-page';
import { ToastViewport } from '../shared/toast/toast-viewport';
import { FullScreenLoader } from '../shared/ui/full-screen-loader';
import { AppDialogs } from './app-dialogs';
import { AppErrorBoundary } from './app-error-boundary';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { createQueryClient } from './create-query-client';
import { NotFoundPage } from './not-found-page';

/** Spec section 9: the start overlay shows this long. */
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

/** The page around every route: header, the route, the dialogs and the toasts. */
function AppShell() {
  const user = useUser();
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950 text-slate-900 dark:text-slate-100">
      <StartOverlay />
      <AppHeader user={user.data} />
      <AppErrorBoundary>
        <Routes>
          <Route path="/" element={<HomePage user={user.data} userLoading={user.isPending} />} />
          <Route path="/pro/success" element={<ProSuccessPage />} />
          <Route path="/pro/cancel" element={<ProCancelPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <AppDialogs user={user.data} />
      </AppErrorBoundary>
      {/* Affiliate links are for free users: none until the user is known. */}
      <AppFooter isPro={user.isPending || isProUser(user.data)} />
      <ConsentBanner />
      <ToastViewport />
    </div>
  );
}

export function AppRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
