import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { ToastViewport } from '../shared/toast/toast-viewport';
import { AppHeader } from './app-header';
import { createQueryClient } from './create-query-client';
import { NotFoundPage } from './not-found-page';

export function AppRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <div className="min-h-dvh bg-slate-50 dark:bg-slate-950 text-slate-900 dark:text-slate-100">
          <AppHeader />
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
          <ToastViewport />
        </div>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
