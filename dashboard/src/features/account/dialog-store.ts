import { useSyncExternalStore } from 'react';

/** The dialogs of spec section 2 that any part of the app can open. */
export type AppDialogName =
  'upgrade' | 'recovery' | 'login' | 'alias' | 'forwarding' | 'api-docs' | 'profile';

let open: AppDialogName | null = null;
const listeners = new Set<() => void>();

/** Opens one dialog (closing any other: one at a time), or closes it with null. */
export function openDialog(name: AppDialogName | null): void {
  open = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpenDialog(): AppDialogName | null {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => null,
  );
}
