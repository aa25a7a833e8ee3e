import type { PageAddress } from './page-address';

/**
 * The addresses that still live at `now` (an ended one too: its mail is still there), in the
 * order given (the server's: newest first).
 */
export function liveAddresses(addresses: readonly PageAddress[], now: number): PageAddress[] {
  return addresses.filter((entry) => entry.expiresAt > now);
}

/** Whether another live address than the shown one is there to go back to. */
export function hasOtherLiveAddress(
  addresses: readonly PageAddress[],
  shown: PageAddress | null,
  now: number,
): boolean {
  return liveAddresses(addresses, now).some((entry) => entry.address !== shown?.address);
}

/**
 * The address a page shows when it opens: the one this tab chose last while it lives, else
 * the newest live one, else none (a new one is made).
 */
export function chooseShownAddress(
  addresses: readonly PageAddress[],
  chosenId: string | null,
  now: number,
): PageAddress | undefined {
  const live = liveAddresses(addresses, now);
  return live.find((entry) => entry.account?.id === chosenId) ?? live[0];
}
