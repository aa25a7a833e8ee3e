import { useRef } from 'react';

/**
 * Handlers for a Radix dialog's content. Ours open from a store (openDialog), never from a
 * Radix Trigger, and Radix gives focus back only to a Trigger: on close, focus fell to the
 * page's body and a keyboard had to start again from the top. This remembers what had focus
 * as the dialog opened and gives it back when it closes, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Called before Radix moves focus in: what has focus now opened the dialog.
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
