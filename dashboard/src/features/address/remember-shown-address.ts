import { readStorage, writeStorage } from '../../shared/preferences/read-storage';

/**
 * The id of the address this tab shows, so a reload comes back to it rather than to the
 * newest. Only the id: the server keeps the addresses and their tokens, and says which
 * still live. Per tab (session storage), so two tabs may show two addresses; without
 * storage, a reload shows the newest address.
 */
const SHOWN_ADDRESS_KEY = 'tm_shown_address';

export const readShownAddressId = (): string | null => readStorage(SHOWN_ADDRESS_KEY, 'session');

export function rememberShownAddress(id: string): void {
  writeStorage(SHOWN_ADDRESS_KEY, id, 'session');
}
