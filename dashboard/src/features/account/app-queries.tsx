import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useUser } from './user-query';
import { createQueryClient } from '../../shared/create-query-client';
import { shellUser } from './shell-user';

// The app's data layer (TanStack Query and the SDK), around the pages that call the API and
// around the dialogs. It lives in their chunks, not in the page shell: a content page never
// loads it (issue 24). One client for the page, however many places provide it.

const queryClient = createQueryClient();

/** Hands the user query's answers to the shell (header, footer) as they change. */
function ShareUser() {
  const user = useUser();
  useEffect(() => {
    if (!user.isPending) shellUser.set({ user: user.data, pending: false });
  }, [user.data, user.isPending]);
  return null;
}

export function AppQueries({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ShareUser />
      {children}
    </QueryClientProvider>
  );
}
