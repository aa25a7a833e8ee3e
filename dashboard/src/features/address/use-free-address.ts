import i18next from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { AUTO_GENERATE_DELAY_MS } from './address-timing';
import {
  GenerateAddressError,
  generateAddress,
  type FreeMailbox,
  type GenerateFailure,
} from './generate-address';

export type AddressState =
  | { status: 'waiting' }
  | { status: 'generating' }
  | { status: 'ready'; mailbox: FreeMailbox }
  | { status: 'failed'; reason: GenerateFailure };

/**
 * The page's free address (spec section 4): made once after the load delay, remade on
 * request. A new request abandons one still running, so a late answer never replaces the
 * address the reader asked for last.
 */
export function useFreeAddress() {
  const [state, setState] = useState<AddressState>({ status: 'waiting' });
  const running = useRef<AbortController | null>(null);

  const generate = useCallback(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'generating' });
    try {
      const mailbox = await generateAddress({
        client: createApiClient(),
        signal: controller.signal,
      });
      setState({ status: 'ready', mailbox });
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = error instanceof GenerateAddressError ? error.reason : 'unavailable';
      setState({ status: 'failed', reason });
      // Spec section 8: the failure is also toasted, over the inline state the panel keeps.
      const busy = reason === 'rate-limited';
      showToast({
        title: i18next.t(busy ? 'errors.busyTitle' : 'errors.generateTitle'),
        description: i18next.t(busy ? 'errors.busyDescription' : `errors.${reason}`),
        variant: 'destructive',
      });
    }
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void generate(), AUTO_GENERATE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      running.current?.abort();
    };
  }, [generate]);

  return { state, generate };
}
