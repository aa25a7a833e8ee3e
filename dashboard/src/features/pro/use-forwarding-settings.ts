import {
  getForwardingSettings,
  unwrap,
  updateForwarding,
  type ForwardingSettings,
} from '@tempmail/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiClient } from '../../shared/create-api-client';

/** The settings are re-read every 10 seconds while a confirmation is awaited, to see it land. */
const FORWARDING_CHECK_MS = 10_000;
const SETTINGS_KEY = ['forwarding-settings'] as const;

/** The user's forwarding settings, read once `enabled`: one cached answer for every view. */
export function useForwardingSettings(enabled: boolean) {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => unwrap(getForwardingSettings({ client: createApiClient(), signal })),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending_confirmation' ? FORWARDING_CHECK_MS : false,
  });
}

/** Saves a change of the settings; the answer replaces the cached settings. */
export function useSaveForwarding(onSaved?: (saved: ForwardingSettings) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { forwardingEmail: string | null; enabled: boolean }) =>
      unwrap(updateForwarding({ client: createApiClient(), body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      onSaved?.(saved);
    },
  });
}
