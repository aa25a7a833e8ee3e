import { useCallback, useEffect, useRef, useState } from 'react';
import { createApiClient } from '../../shared/create-api-client';
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
