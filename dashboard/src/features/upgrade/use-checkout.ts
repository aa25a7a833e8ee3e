import { createCheckoutSession, unwrap } from '@tempmail/sdk';
import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { createApiClient } from '../../shared/create-api-client';
import type { ProPlan } from '../../shared/product-facts';
import { showToast } from '../../shared/toast/toast-store';

/** The browser goes to the checkout this long after its URL comes back. */
const REDIRECT_DELAY_MS = 100;

/**
 * Starts a checkout: idle, then pending ('Processing…') until the
 * provider's URL is there and the browser leaves for it; back to idle with an error toast
 * when it fails.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: async (plan: ProPlan) => {
      const { url } = await unwrap(
        createCheckoutSession({ client: createApiClient(), body: { plan } }),
      );
      await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
      window.location.assign(url);
      // Stay pending while the page unloads, so the button cannot be pressed twice.
      await new Promise(() => undefined);
    },
    onError: () =>
      showToast({
        title: i18next.t('upgrade.checkoutFailedTitle'),
        description: i18next.t('upgrade.checkoutFailed'),
        variant: 'destructive',
      }),
  });
}
