import { useSyncExternalStore } from 'react';

/** Spec section 9: a toast stays 5 s. */
export const TOAST_DURATION_MS = 5000;

export type Toast = {
  id: number;
  title: string;
  description?: string;
  /** Errors are announced assertively and drawn in red (the spec's "destructive"). */
  variant: 'default' | 'destructive';
};

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(toast: Toast | null): void {
  current = toast;
  for (const listener of listeners) listener();
}

/** Shows a toast in place of any other: the spec allows one at a time. */
export function showToast(toast: Omit<Toast, 'id' | 'variant'> & Partial<Pick<Toast, 'variant'>>) {
  publish({ variant: 'default', ...toast, id: nextId++ });
}

export function dismissToast(id: number): void {
  if (current?.id === id) publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
