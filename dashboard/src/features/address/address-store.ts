import { createStore } from '../../shared/create-store';
import type { GenerateFailure } from './generate-address';
import type { PageAddress } from './page-address';

export type AddressState =
  | { status: 'waiting' }
  | { status: 'generating' }
  | { status: 'ready'; address: PageAddress }
  | { status: 'failed'; reason: GenerateFailure };

/**
 * The page's current address, shared by the home page that makes it and the dialogs that
 * change it (custom alias, Reset Pro email) or show it (profile).
 */
const address = createStore<AddressState>({ status: 'waiting' });

export const setAddressState = address.set;
export const getAddressState = address.get;
export const useAddressState = address.use;
