import { useSyncExternalStore } from 'react';
import type { GenerateFailure } from './generate-address';
import type { PageAddress } from './page-address';

export type AddressState =
  | { status: 'waiting' }
  | { status: 'generating' }
  | { status: 'ready'; address: PageAddress }
  | { status: 'failed'; reason: GenerateFailure };

/**
 * The page's current address, shared by the home page that makes it and the dialogs that
 * change it (custom alias, Reset Pro Email) or show it (profile).
 */
const WAITING: AddressState = { status: 'waiting' };
let state: AddressState = WAITING;
const listeners = new Set<() => void>();

export function setAddressState(next: AddressState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getAddressState(): AddressState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAddressState(): AddressState {
  return useSyncExternalStore(subscribe, getAddressState, () => WAITING);
}
