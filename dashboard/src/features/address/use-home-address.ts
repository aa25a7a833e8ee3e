import type { User } from '@tempmail/sdk';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useCallback, useEffect, useRef } from 'react';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { isProUser, proExpiry } from '../account/pro-status';
import { AUTO_GENERATE_DELAY_MS } from './address-timing';
import { getAddressState, setAddressState, useAddressState } from './address-store';
import { chooseShownAddress } from './choose-shown-address';
import { GenerateAddressError, generateAddress } from './generate-address';
import { SESSION_ADDRESSES_KEY, sessionAddressesQuery } from './list-session-addresses';
import type { PageAddress } from './page-address';
import { readShownAddressId, rememberShownAddress } from './remember-shown-address';

/** The list before it is known: one array, so a render with no list changes nothing. */
const NO_ADDRESSES: readonly PageAddress[] = [];

/** Shows `address` on the page, and remembers it so this tab's next load shows it again. */
export function showAddress(address: PageAddress): void {
  if (address.account) rememberShownAddress(address.account.id);
  setAddressState({ status: 'ready', address });
}

/** The same address with nothing the page shows or reads it with changed. */
const unchanged = (shown: PageAddress, listed: PageAddress) =>
  shown.expiresAt === listed.expiresAt &&
  shown.account?.id === listed.account?.id &&
  shown.ending?.ended === listed.ending?.ended &&
  shown.ending?.endsAt === listed.ending?.endsAt;

/**
 * The home page's address and the session's others. The server keeps them
 * (`GET /api/addresses`): once the user is known the page shows the one this tab chose last
 * while it lives, else the newest, else makes one (`POST /api/addresses`) after the load
 * delay. A reload, a restart, a purchase or, for Pro, another browser finds them again. A new
 * request abandons one still running, so a late answer never replaces the address the reader
 * asked for last.
 */
export function useHomeAddress(user: User | undefined, userLoading: boolean) {
  const state = useAddressState();
  const queryClient = useQueryClient();
  const running = useRef<AbortController | null>(null);
  const pro = isProUser(user);
  const proUntil = pro ? proExpiry(user) : null;
  const userId = user?.id ?? null;
  const listed = useQuery({
    ...sessionAddressesQuery(userId, proUntil),
    enabled: !userLoading,
    // A purchase reads the list again under a new key: the history stays on screen meanwhile.
    placeholderData: keepPreviousData,
  });

  const generate = useCallback(async (): Promise<PageAddress | undefined> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setAddressState({ status: 'generating' });
    try {
      const made = await generateAddress({ client: createApiClient(), signal: controller.signal });
      // Shown first: listed while the page is still generating, it would count as another
      // address to go back to, and the history would flash up.
      showAddress(made);
      queryClient.setQueryData(sessionAddressesQuery(userId, proUntil).queryKey, (kept) => [
        made,
        ...(kept ?? []),
      ]);
      return made;
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      const reason = error instanceof GenerateAddressError ? error.reason : 'unavailable';
      setAddressState({ status: 'failed', reason });
      // The failure is also toasted, over the inline state the panel keeps.
      const busy = reason === 'rate-limited';
      showToast({
        title: i18next.t(busy ? 'errors.busyTitle' : 'errors.generateTitle'),
        description: i18next.t(busy ? 'errors.busyDescription' : `errors.${reason}`),
        variant: 'destructive',
      });
      return undefined;
    }
  }, [queryClient, userId, proUntil]);

  /** Back to an earlier address of the session, abandoning a new one still being made. */
  const choose = useCallback((address: PageAddress) => {
    running.current?.abort();
    showAddress(address);
  }, []);

  /**
   * Reset Pro email, once the reader has confirmed: a new address for the account. The old
   * one stays with the account, in the history, and keeps its mail while Pro lasts.
   */
  const resetPro = useCallback(async () => {
    const before = getAddressState();
    const made = await generate();
    if (!made || before.status !== 'ready') return;
    showToast({
      title: i18next.t('pro.resetDoneTitle'),
      description: i18next.t('pro.resetDone', {
        address: made.address,
        previous: before.address.address,
      }),
      variant: 'default',
    });
  }, [generate]);

  // The first address, once the session's list is known: the list of the user as now known,
  // not the one kept on screen from an earlier key (before a purchase), which may lack the
  // address this tab had and so make a new one.
  const list = listed.data;
  const listKnown = !listed.isPending && !listed.isPlaceholderData;
  useEffect(() => {
    if (!listKnown || getAddressState().status !== 'waiting') return;
    const kept = list && chooseShownAddress(list, readShownAddressId(), Date.now());
    if (kept) {
      showAddress(kept);
      return;
    }
    const timer = setTimeout(() => void generate(), AUTO_GENERATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [listKnown, list, generate]);

  // A list read again (a purchase moves the expiry to Pro's) updates the address shown.
  useEffect(() => {
    if (!list || state.status !== 'ready') return;
    const fresh = list.find((entry) => entry.address === state.address.address);
    if (fresh && !unchanged(state.address, fresh)) showAddress(fresh);
  }, [list, state]);

  // A custom alias comes without its mailbox: the list, read again, brings it into the history.
  const withoutAccount =
    state.status === 'ready' && !state.address.account ? state.address.address : null;
  useEffect(() => {
    if (withoutAccount) void queryClient.invalidateQueries({ queryKey: SESSION_ADDRESSES_KEY });
  }, [withoutAccount, queryClient]);

  // Leaving the page abandons a generation; the next visit starts over rather than wait on it.
  useEffect(
    () => () => {
      running.current?.abort();
      if (getAddressState().status === 'generating') setAddressState({ status: 'waiting' });
    },
    [],
  );

  return { state, addresses: list ?? NO_ADDRESSES, generate, resetPro, choose, pro };
}
