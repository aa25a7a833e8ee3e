import { QueryClient } from '@tanstack/react-query';

/**
 * The dashboard's call defaults: no retries and no refetch on focus; data counts as
 * fresh until something (a live event, a poll) invalidates it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
