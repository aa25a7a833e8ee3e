import { redeemAccessRecovery, TempMailError, unwrap, verifyCheckout } from '@tempmail/sdk';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { openDialog } from './dialog-store';
import { USER_QUERY_KEY } from './user-query';

/** The home page's query parameters of spec section 2; each is read once and removed. */
export const RETURN_PARAMS = [
  'access_token',
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
 * What the home page was sent back with: a sign-in link's `access_token` (redeemed: this
 * browser becomes the Pro user), a checkout's `success`/`session_id`/`canceled`/`error`
 * (verified and announced), `upgrade=true` (opens the upgrade dialog). The parameters leave
 * the address bar at once, so a reload or a shared link repeats nothing.
 */
export function useReturnParams(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!RETURN_PARAMS.some((name) => params.has(name))) return;
    const accessToken = params.get('access_token');
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
    if (accessToken) {
      unwrap(redeemAccessRecovery({ client, body: { token: accessToken } })).then(
        async () => {
          await refreshUser();
          toast('recovery.restoredTitle', 'recovery.restored');
        },
        (error: unknown) =>
          showToast({
            title: i18next.t('recovery.restoreFailedTitle'),
            description:
              error instanceof TempMailError ? error.message : i18next.t('recovery.errors.failed'),
            variant: 'destructive',
          }),
      );
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
