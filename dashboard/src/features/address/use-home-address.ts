import {
  clearProSession as clearServerProSession,
  storeMainEmail,
  unwrap,
  type User,
} from '@tempmail/sdk';
import i18next from 'i18next';
import { useCallback, useEffect, useRef } from 'react';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { clearProSession, readProSession, saveProSession } from '../account/pro-session-store';
import { SESSION_TRANSITION_MS } from '../account/end-session';
import { isProUser, proExpiry } from '../account/user-query';
import { AUTO_GENERATE_DELAY_MS } from './address-timing';
import { getAddressState, setAddressState, useAddressState } from './address-store';
import { GenerateAddressError, generateAddress } from './generate-address';
import type { PageAddress } from './page-address';

/** A Pro address whose countdown is further than this from the user's Pro expiry is resynced. */
const PRO_EXPIRY_DRIFT_MS = 60_000;

/** Registers a Pro address's mailbox with the server, so it lives as long as Pro does. */
async function storeProAddress(address: PageAddress): Promise<void> {
  if (!address.account) return;
  const { id, password } = address.account;
  await unwrap(
    storeMainEmail({
      client: createApiClient(),
      body: { address: address.address, password, mailTmId: id },
    }),
  );
}

/** Shows a Pro address and keeps it for the next visit. */
export function showProAddress(address: PageAddress): void {
  saveProSession(address);
  setAddressState({ status: 'ready', address });
}

/**
 * The home page's address. Once the user is known: a Pro user's stored
 * session comes back while it has time left (and is registered with the server again); an
 * expired one is dropped; otherwise a new address is made after the load delay. A Pro
 * address follows the user's Pro expiry. A new request abandons one still running, so a late
 * answer never replaces the address the reader asked for last.
 */
export function useHomeAddress(user: User | undefined, userLoading: boolean) {
  const state = useAddressState();
  const running = useRef<AbortController | null>(null);
  const pro = isProUser(user);
  const proUntil = pro ? proExpiry(user) : null;

  const generate = useCallback(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setAddressState({ status: 'generating' });
    try {
      const made = await generateAddress({ client: createApiClient(), signal: controller.signal });
      if (proUntil === null) {
        clearProSession();
        setAddressState({ status: 'ready', address: made });
        return;
      }
      const address = { ...made, expiresAt: proUntil };
      showProAddress(address);
      await storeProAddress(address);
      showToast({ title: i18next.t('pro.emailStored'), variant: 'default' });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The address is shown already when only storing it failed; say so and keep it.
      if (getAddressState().status === 'ready') {
        showToast({
          title: i18next.t('pro.storeFailedTitle'),
          description: i18next.t('pro.storeFailed'),
          variant: 'destructive',
        });
        return;
      }
      const reason = error instanceof GenerateAddressError ? error.reason : 'unavailable';
      setAddressState({ status: 'failed', reason });
      // The failure is also toasted, over the inline state the panel keeps.
      const busy = reason === 'rate-limited';
      showToast({
        title: i18next.t(busy ? 'errors.busyTitle' : 'errors.generateTitle'),
        description: i18next.t(busy ? 'errors.busyDescription' : `errors.${reason}`),
        variant: 'destructive',
      });
    }
  }, [proUntil]);

  /** Reset Pro Email: the server forgets the address, so does this browser; a new one follows. */
  const resetPro = useCallback(async () => {
    setAddressState({ status: 'generating' });
    try {
      await unwrap(clearServerProSession({ client: createApiClient() }));
    } catch (error) {
      showToast({
        title: i18next.t('profile.errorTitle'),
        description: error instanceof Error ? error.message : i18next.t('profile.clearFailed'),
        variant: 'destructive',
      });
    }
    clearProSession();
    await new Promise((resolve) => setTimeout(resolve, SESSION_TRANSITION_MS));
    await generate();
  }, [generate]);

  // First address, once the user is known.
  useEffect(() => {
    if (userLoading || getAddressState().status !== 'waiting') return;
    const stored = readProSession();
    if (stored && proUntil !== null && stored.expiresAt > Date.now()) {
      showProAddress(stored);
      // Best effort: the address is this browser's either way.
      void storeProAddress(stored).catch(() => undefined);
      return;
    }
    if (stored) clearProSession();
    const timer = setTimeout(() => void generate(), AUTO_GENERATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userLoading, proUntil, generate]);

  // A Pro address lives as long as Pro: follow a renewal (or a clock that drifted).
  useEffect(() => {
    if (proUntil === null || state.status !== 'ready') return;
    if (Math.abs(state.address.expiresAt - proUntil) > PRO_EXPIRY_DRIFT_MS) {
      showProAddress({ ...state.address, expiresAt: proUntil });
    }
  }, [proUntil, state]);

  // Leaving the page abandons a generation; the next visit starts over rather than wait on it.
  useEffect(
    () => () => {
      running.current?.abort();
      if (getAddressState().status === 'generating') setAddressState({ status: 'waiting' });
    },
    [],
  );

  return { state, generate, resetPro, pro };
}
