/**
 * The id of the address this tab shows, so a reload comes back to it rather than to the
 * newest. Only the id: the server keeps the addresses and their tokens, and says which
 * still live. Per tab (session storage), so two tabs may show two addresses.
 */
const SHOWN_ADDRESS_KEY = 'tm_shown_address';

/** Storage can throw (disabled cookies, private modes); the newest address is shown then. */
export function readShownAddressId(): string | null {
  try {
    return sessionStorage.getItem(SHOWN_ADDRESS_KEY);
  } catch {
    return null;
  }
}

export function rememberShownAddress(id: string): void {
  try {
    sessionStorage.setItem(SHOWN_ADDRESS_KEY, id);
  } catch {
    // Nothing kept: a reload shows the newest address instead.
  }
}
