import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's call defaults (section 7): no retries and no refetch on focus; data counts as
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
