import { useRef } from 'react';

/** Where the last dialog to close gave focus back: for a dialog that replaced it. */
let lastReturned: HTMLElement | null = null;

/**
 * Handlers for a Radix dialog's content. Ours open from a store (openDialog), never from a
 * Radix Trigger, and Radix gives focus back only to a Trigger: on close, focus fell to the
 * page's body and a keyboard had to start again from the top. This remembers what had focus
 * as the dialog opened and gives it back when it closes. A dialog opened from a button in
 * another one replaces it: the button goes with the first dialog before the second opens,
 * so the second gives focus back where the first did (to what opened that one).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Called before Radix moves focus in: what has focus now opened the dialog.
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = [opener.current, lastReturned].find((element) => element?.isConnected);
      opener.current = null;
      if (!target) return;
      event.preventDefault();
      target.focus();
      lastReturned = target;
    },
  };
}
