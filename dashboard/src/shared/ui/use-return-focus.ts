import { useRef } from 'react';

/** What each open dialog gives focus back to, in the order they opened. */
const openDialogs: { opener: HTMLElement | null }[] = [];

/**
 * Handlers for a Radix dialog's content. Ours open from a store (openDialog), never from a
 * Radix Trigger, and Radix gives focus back only to a Trigger: on close, focus fell to the
 * page's body and a keyboard had to start again from the top. This remembers what had focus
 * as the dialog opened and gives it back when it closes.
 *
 * A dialog opened from a button in another one replaces it, and the button goes with the
 * first dialog before the second opens (focus is on the body then): the second takes over
 * what the first was to give focus back to, while the first is still open. Nothing is kept
 * once a dialog has closed, so a later dialog never sends focus to an old place.
 */
export function useReturnFocus() {
  const entry = useRef<{ opener: HTMLElement | null } | null>(null);
  return {
    // Called before Radix moves focus in: what has focus now opened the dialog.
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      const opener =
        active instanceof HTMLElement && active !== document.body
          ? active
          : (openDialogs.at(-1)?.opener ?? null);
      entry.current = { opener };
      openDialogs.push(entry.current);
    },
    onCloseAutoFocus: (event: Event) => {
      const closing = entry.current;
      entry.current = null;
      if (!closing) return;
      const at = openDialogs.indexOf(closing);
      if (at === -1) return;
      const replaced = at < openDialogs.length - 1;
      openDialogs.splice(at, 1);
      // Replaced: the dialog opened after it has focus now, and keeps it.
      if (replaced) {
        event.preventDefault();
        return;
      }
      if (!closing.opener?.isConnected) return;
      event.preventDefault();
      closing.opener.focus();
    },
  };
}
