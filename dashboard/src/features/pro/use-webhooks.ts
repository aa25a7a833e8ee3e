import { listDashboardWebhooks, unwrap } from '@tempmail/sdk';
import { useQuery } from '@tanstack/react-query';
import { createApiClient } from '../../shared/create-api-client';

/** The cache key of the user's webhooks; a webhook's log sits under it. */
export const WEBHOOKS_KEY = ['webhooks'] as const;

/** The user's webhooks, read once `enabled`: one cached answer for every view of them. */
export function useWebhooks(enabled: boolean) {
  return useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => unwrap(listDashboardWebhooks({ client: createApiClient(), signal })),
    enabled,
  });
}
