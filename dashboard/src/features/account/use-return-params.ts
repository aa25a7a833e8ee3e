import { unwrap, verifyCheckout } from '@tempmail/sdk';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { openDialog } from './dialog-store';
import { USER_QUERY_KEY } from './user-query';

/** The home page's return parameters; each is read once and removed. */
export const RETURN_PARAMS = [
  'signed_in',
  'success',
  'session_id',
  'canceled',
  'error',
  'plan',
  'upgrade',
] as const;

const toast = (title: string, description: string, destructive = false) =>
  showToast({
    title: i18next.t(title),
    description: i18next.t(description),
    variant: destructive ? 'destructive' : 'default',
  });

/**
 * What the home page was sent back with: `signed_in` from the sign-in page (announced), a
 * checkout's `success`/`session_id`/`canceled`/`error` (verified and announced),
 * `upgrade=true` (opens the upgrade dialog). None carries a credential: a sign-in link opens
 * its own page, which asks before switching accounts, so no URL can sign a browser in
 * silently. The parameters leave the address bar at once, so a reload repeats nothing.
 */
export function useReturnParams(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!RETURN_PARAMS.some((name) => params.has(name))) return;
    const signedIn = params.get('signed_in') === 'true';
    const sessionId = params.get('session_id');
    const success = params.get('success');
    const canceled = params.get('canceled');
    const failed = params.get('error');
    const upgrade = params.get('upgrade') === 'true';
    const kept = new URLSearchParams(params);
    for (const name of RETURN_PARAMS) kept.delete(name);
    setParams(kept, { replace: true });

    const client = createApiClient();
    const refreshUser = () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    if (signedIn) {
      void refreshUser().then(() => toast('recovery.restoredTitle', 'recovery.restored'));
    }
    if (success !== null && sessionId) {
      unwrap(verifyCheckout({ client, query: { session_id: sessionId } })).then(
        async ({ status }) => {
          await refreshUser();
          if (status === 'paid') toast('payment.successTitle', 'payment.success');
          else if (status === 'pending') toast('payment.pendingTitle', 'payment.pending');
          else toast('payment.canceledTitle', 'payment.canceled');
        },
        () => toast('payment.verifyFailedTitle', 'payment.verifyFailed', true),
      );
    } else if (success !== null) {
      toast('payment.successTitle', 'payment.success');
    }
    if (canceled !== null) toast('payment.canceledTitle', 'payment.canceled');
    if (failed !== null) toast('payment.failedTitle', 'payment.failed', true);
    if (upgrade) openDialog('upgrade');
  }, [params, setParams, queryClient]);
}
